-- check.lua: decides every limit of one subject at once, in one atomic step, by the rules of
-- api/src/quota/algorithm.ts (the memory store); a shared contract suite holds both to the same answers.
--
-- KEYS[1]  rl:{<subject>}: hash of the subject's counters
--            l      bucket fill, in 1/60000 of a request, so it drains by exactly perMinute units a ms
--            u      when the fill was last worked out (ms)
--            hi hc  the hour window's index (ms / 3600000) and count
--            di dc  the day window's index (ms / 86400000) and count
--          The per-minute history lives beside it, under the same hash tag (so in the same Cluster slot),
--          in rl:{<subject>}:m:<hour index> hashes with fields <minute of hour>a and <minute of hour>d.
-- ARGV[1]  the bucket's capacity, or -1 when there is no bucket
-- ARGV[2]  perMinute, the bucket's refill rate, or -1
-- ARGV[3]  the hour limit, or -1
-- ARGV[4]  the day limit, or -1
-- ARGV[5]  cost
-- ARGV[6]  "1": a check (take cost when every limit allows, count it in the history); "0": read usage only
-- ARGV[7]  "": the clock is Redis TIME; else a fixed time in ms (tests only, to stand at exact instants)
-- Returns  { allowed (1 or 0), now (ms), then for each limit, in the order burst, hour, day:
--            kind (1 burst, 2 hour, 3 day), limit, remaining, reset (ms), wait (ms; 0 fits now; -1 never) }

local HOUR, DAY, UNITS = 3600000, 86400000, 60000

local capacity, perMinute = tonumber(ARGV[1]), tonumber(ARGV[2])
local hourLimit, dayLimit = tonumber(ARGV[3]), tonumber(ARGV[4])
local cost, consume = tonumber(ARGV[5]), ARGV[6] == '1'

local now
if ARGV[7] == '' then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
else
  now = tonumber(ARGV[7])
end

local state = redis.call('HMGET', KEYS[1], 'l', 'u', 'hi', 'hc', 'di', 'dc')
local hourIndex, dayIndex = math.floor(now / HOUR), math.floor(now / DAY)
local hourCount, dayCount = 0, 0
if tonumber(state[3]) == hourIndex then hourCount = tonumber(state[4]) end
if tonumber(state[5]) == dayIndex then dayCount = tonumber(state[6]) end

-- The bucket's fill now: no timers, just what drained since the last update.
local level = 0
if perMinute > 0 then
  level = tonumber(state[1]) or 0
  local drain = math.max(0, now - (tonumber(state[2]) or 0)) * perMinute
  if drain >= level then level = 0 else level = level - drain end
end

local costUnits = cost * UNITS
local bucketFits = capacity < 0 or level + costUnits <= capacity * UNITS
local hourFits = hourLimit < 0 or hourCount + cost <= hourLimit
local dayFits = dayLimit < 0 or dayCount + cost <= dayLimit
local allowed = bucketFits and hourFits and dayFits
if allowed and consume then
  level = level + costUnits
  hourCount = hourCount + cost
  dayCount = dayCount + cost
end

local out = { allowed and 1 or 0, now }
local function limit(kind, size, remaining, reset, wait)
  out[#out + 1] = kind
  out[#out + 1] = size
  out[#out + 1] = math.max(0, remaining)
  out[#out + 1] = reset
  out[#out + 1] = wait
end

if capacity >= 0 and perMinute > 0 then
  local capacityUnits = capacity * UNITS
  local wait = 0
  if cost > capacity then wait = -1
  elseif not bucketFits then wait = math.ceil((level + costUnits - capacityUnits) / perMinute) end
  limit(1, capacity, math.floor((capacityUnits - level) / UNITS), now + math.ceil(level / perMinute), wait)
end
-- A fixed window frees up when it ends.
local function window(kind, size, count, index, period, fits)
  local reset = (index + 1) * period
  local wait = 0
  if cost > size then wait = -1 elseif not fits then wait = reset - now end
  limit(kind, size, size - count, reset, wait)
end
if hourLimit >= 0 then window(2, hourLimit, hourCount, hourIndex, HOUR, hourFits) end
if dayLimit >= 0 then window(3, dayLimit, dayCount, dayIndex, DAY, dayFits) end

if not consume then return out end

if allowed then
  -- '%.0f' writes whole numbers exactly (Lua's default tostring would round past 14 digits).
  redis.call('HSET', KEYS[1], 'l', string.format('%.0f', level), 'u', string.format('%.0f', now),
    'hi', hourIndex, 'hc', hourCount, 'di', dayIndex, 'dc', dayCount)
  -- Idle subjects cost nothing: the counters go once the bucket has drained and both windows have ended.
  local emptyAt = (dayIndex + 1) * DAY
  if perMinute > 0 then emptyAt = math.max(emptyAt, now + math.ceil(level / perMinute)) end
  -- Relative to the script's own clock, so a fixed test clock expires keys as Redis TIME would.
  redis.call('PEXPIRE', KEYS[1], string.format('%.0f', emptyAt - now))
end

local history = KEYS[1] .. ':m:' .. hourIndex
local field = math.floor((now % HOUR) / UNITS) .. (allowed and 'a' or 'd')
if redis.call('HINCRBY', history, field, 1) == 1 then
  redis.call('PEXPIRE', history, string.format('%.0f', (hourIndex + 1) * HOUR + DAY - now))
end
return out
