-- check.lua: decides every limit of a subject at once, in one atomic step, by the rules of count() in
-- api/src/quota/algorithm.ts (the memory store); a shared contract suite holds both to the same answers. It only
-- decides: what each limit reports (remaining, reset, wait) follows from the reply, and the API server works it
-- out with the same report() the memory store uses, so Redis does no more per check than it must.
--
-- One call may carry several checks, so that Redis starts one script for the checks of a batch rather than one
-- per check (script-batch.ts): KEYS[i] and ARGV[7i-6 .. 7i] are check i. They run in order, each as if it had
-- been called alone, and nothing comes between them. On a Cluster each call carries one check, as a script may
-- touch one slot only. Below, check 1.
--
-- KEYS[1]  rl:{<subject>}: hash of the subject's counters
--            l      bucket fill, in 1/60000 of a request, so it drains by exactly perMinute units a ms
--            u      when the fill was last worked out (ms)
--            hi hc  the hour window's index (ms / 3600000) and count
--            di dc  the day window's index (ms / 86400000) and count
--            mi ma  the minute (ms / 60000) of the last allowed check, and how many that minute allowed: kept
--                   here, in the write a check makes anyway, and added to the history when the minute is over
--          The per-minute history lives beside it, under the same hash tag (so in the same Cluster slot),
--          in rl:{<subject>}:m:<hour index> hashes with fields <minute of hour>a and <minute of hour>d;
--          history.lua adds the minute still held in the counters.
-- ARGV[1]  the bucket's capacity, or -1 when there is no bucket
-- ARGV[2]  perMinute, the bucket's refill rate, or -1
-- ARGV[3]  the hour limit, or -1
-- ARGV[4]  the day limit, or -1
-- ARGV[5]  cost
-- ARGV[6]  "1": a check (take cost when every limit allows, count it in the history); "0": read usage only
-- ARGV[7]  "": the clock is Redis TIME; else a fixed time in ms (tests only, to stand at exact instants)
-- Returns  for each check, { allowed (1 or 0), now (ms), bucket fill, hour count, day count }, the counts after
--          it; or, when it failed (a key of another type, say), the error's message, so that it fails alone

local HOUR, DAY, MINUTE, UNITS = 3600000, 86400000, 60000, 60000

-- Redis TIME, read once: the checks of one call all happen at the same instant.
local time
local function clock(fixed)
  if fixed ~= '' then return tonumber(fixed) end
  if not time then
    local t = redis.call('TIME')
    time = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  end
  return time
end

-- Adds n checks to a minute of a subject's history, which is kept for a day after its hour ends.
local function addToHistory(key, now, minute, suffix, n)
  local index = math.floor(minute / 60)
  local history = key .. ':m:' .. index
  if redis.call('HINCRBY', history, (minute % 60) .. suffix, n) == n then
    redis.call('PEXPIRE', history, string.format('%.0f', (index + 1) * HOUR + DAY - now))
  end
end

-- One check: KEYS[i] as key, its arguments from ARGV[at + 1] on.
local function check(key, at)
  local capacity, perMinute = tonumber(ARGV[at + 1]), tonumber(ARGV[at + 2])
  local hourLimit, dayLimit = tonumber(ARGV[at + 3]), tonumber(ARGV[at + 4])
  local cost, consume = tonumber(ARGV[at + 5]), ARGV[at + 6] == '1'
  local now = clock(ARGV[at + 7])

  local state = redis.call('HMGET', key, 'l', 'u', 'hi', 'hc', 'di', 'dc', 'mi', 'ma')
  local hourIndex, dayIndex = math.floor(now / HOUR), math.floor(now / DAY)
  local hourCount, dayCount = 0, 0
  -- A field that is not a number reads as empty, as for the bucket below: the check must not fail after it
  -- has written anything (Redis keeps a script's writes when it fails).
  if tonumber(state[3]) == hourIndex then hourCount = tonumber(state[4]) or 0 end
  if tonumber(state[5]) == dayIndex then dayCount = tonumber(state[6]) or 0 end

  -- The bucket's fill now: no timers, just what drained since the last update.
  local level = 0
  if perMinute > 0 then
    level = tonumber(state[1]) or 0
    local drain = math.max(0, now - (tonumber(state[2]) or 0)) * perMinute
    if drain >= level then level = 0 else level = level - drain end
  end

  local allowed = (capacity < 0 or level + cost * UNITS <= capacity * UNITS)
    and (hourLimit < 0 or hourCount + cost <= hourLimit)
    and (dayLimit < 0 or dayCount + cost <= dayLimit)
  if not consume then return { allowed and 1 or 0, now, level, hourCount, dayCount } end

  local minute = math.floor(now / MINUTE)
  if allowed then
    level = level + cost * UNITS
    hourCount = hourCount + cost
    dayCount = dayCount + cost
    -- '%.0f' writes whole numbers exactly (Lua's default tostring would round past 14 digits).
    local l, u = string.format('%.0f', level), string.format('%.0f', now)
    local pending = tonumber(state[7])
    if pending == minute then
      redis.call('HSET', key, 'l', l, 'u', u, 'hi', hourIndex, 'hc', hourCount, 'di', dayIndex, 'dc', dayCount,
        'ma', (tonumber(state[8]) or 0) + 1)
    else
      if pending and state[8] then addToHistory(key, now, pending, 'a', tonumber(state[8])) end
      redis.call('HSET', key, 'l', l, 'u', u, 'hi', hourIndex, 'hc', hourCount, 'di', dayIndex, 'dc', dayCount,
        'mi', minute, 'ma', 1)
    end
    -- The counters go once they hold nothing: the bucket has drained, both windows have ended, and the minute
    -- they hold is as old as the history keeps. That last is the latest unless the bucket takes over a day to
    -- drain, so the expiry moves only when a new minute starts, or on every check while the bucket outlasts it.
    local keep = (hourIndex + 1) * HOUR + DAY
    local drained = now
    if perMinute > 0 then drained = now + math.ceil(level / perMinute) end
    if pending ~= minute or drained > keep then
      -- Relative to the script's own clock, so a fixed test clock expires keys as Redis TIME would.
      redis.call('PEXPIRE', key, string.format('%.0f', math.max(keep, drained) - now))
    end
  else
    addToHistory(key, now, minute, 'd', 1)
  end
  return { allowed and 1 or 0, now, level, hourCount, dayCount }
end

local replies = {}
for i = 1, #KEYS do
  local ok, reply = pcall(check, KEYS[i], 7 * (i - 1))
  if ok then replies[i] = reply
  elseif type(reply) == 'table' then replies[i] = reply.err or 'ERR the check failed'
  else replies[i] = tostring(reply) end
end
return replies
