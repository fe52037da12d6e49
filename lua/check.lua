-- check.lua: decides every limit of a subject at once, in one atomic step, by the rules of count() in
-- api/src/quota/algorithm.ts (the memory store); a shared contract suite holds both to the same answers. It only
-- decides: what each limit reports (remaining, reset, wait) follows from the reply, and the API server works it
-- out with the same report() the memory store uses, so Redis does no more per check than it must.
--
-- One call may carry several checks, so that Redis starts one script for the checks of a batch rather than one
-- per check (script-batch.ts): KEYS[i] and the next run of ARGV (its length set by its count of windows) are
-- check i. They run in order, each as if it had
-- been called alone, and nothing comes between them. On a Cluster each call carries one check, as a script may
-- touch one slot only. Below, check 1.
--
-- KEYS[1]  rl:{<subject>}: hash of the subject's counters
--            l      bucket fill, in 1/60000 of a request, so it drains by exactly perMinute units a ms
--            u      when the fill was last worked out (ms)
--            <f>i <f>c  for each window, by its field f: the index of the window it counts in (by its rule in
--                   RULES below) and the count; the hour's are hi hc (ms / 3600000), the day's di dc (ms / 86400000)
--            mi ma  the minute (ms / 60000) of the last allowed check, and how many that minute allowed: kept
--                   here, in the write a check makes anyway, and added to the history when the minute is over
--          The per-minute history lives beside it, under the same hash tag (so in the same Cluster slot),
--          in rl:{<subject>}:m:<hour index> hashes with fields <minute of hour>a and <minute of hour>d;
--          history.lua adds the minute still held in the counters.
-- ARGV[1]  the bucket's capacity, or -1 when there is no bucket
-- ARGV[2]  perMinute, the bucket's refill rate, or -1
-- ARGV[3]  n, how many windows
--          then for each window three: its rule's code (a key of RULES), its size (the limit, or -1 when the
--          window is counted but not limited, so that a limit added later counts what it already used), field f
-- then     cost
--          "1": a check (take cost when every limit allows, count it in the history); "0": read usage only
--          "": the clock is Redis TIME; else a fixed time in ms (tests only, to stand at exact instants)
-- Returns  for each check, { allowed (1 or 0), now (ms), bucket fill, then each window's count }, the counts
--          after it; or, when it failed (a key of another type, say), the error's message, so that it fails alone

local HOUR, DAY, MINUTE, UNITS = 3600000, 86400000, 60000, 60000

-- How each kind of window is found from the clock, as in api/src/quota/windows.ts: the index of the window
-- that `now` falls in, and when that window ends.
local RULES = {
  hour = function(now) local i = math.floor(now / HOUR) return i, (i + 1) * HOUR end,
  day = function(now) local i = math.floor(now / DAY) return i, (i + 1) * DAY end,
}

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

-- One check: KEYS[i] as key, its arguments from ARGV[at + 1] on, n windows.
local function check(key, at, n)
  local capacity, perMinute = tonumber(ARGV[at + 1]), tonumber(ARGV[at + 2])
  local after = at + 3 + 3 * n
  local cost, consume = tonumber(ARGV[after + 1]), ARGV[after + 2] == '1'
  local now = clock(ARGV[after + 3])

  local fields = { 'l', 'u', 'mi', 'ma' }
  for w = 1, n do
    local f = ARGV[at + 3 * w + 3]
    fields[2 * w + 3], fields[2 * w + 4] = f .. 'i', f .. 'c'
  end
  local state = redis.call('HMGET', key, unpack(fields))

  -- Each window's count, if the hash holds one of the window `now` falls in. A field that is not a number reads
  -- as empty, as for the bucket below: the check must not fail after it has written anything (Redis keeps a
  -- script's writes when it fails).
  local allowed = true
  local indexes, ends, counts = {}, {}, {}
  for w = 1, n do
    local rule = RULES[ARGV[at + 3 * w + 1]]
    if not rule then error('unknown window rule ' .. tostring(ARGV[at + 3 * w + 1])) end
    local index, ends_at = rule(now)
    local c = 0
    if tonumber(state[2 * w + 3]) == index then c = tonumber(state[2 * w + 4]) or 0 end
    local size = tonumber(ARGV[at + 3 * w + 2])
    if size >= 0 and c + cost > size then allowed = false end
    indexes[w], ends[w], counts[w] = index, ends_at, c
  end

  -- The bucket's fill now: no timers, just what drained since the last update.
  local level = 0
  if perMinute > 0 then
    level = tonumber(state[1]) or 0
    local drain = math.max(0, now - (tonumber(state[2]) or 0)) * perMinute
    if drain >= level then level = 0 else level = level - drain end
  end
  if capacity >= 0 and level + cost * UNITS > capacity * UNITS then allowed = false end

  local reply = { allowed and 1 or 0, now, level }
  if not consume then
    for w = 1, n do reply[w + 3] = counts[w] end
    return reply
  end

  local minute = math.floor(now / MINUTE)
  if allowed then
    level = level + cost * UNITS
    reply[3] = level
    -- '%.0f' writes whole numbers exactly (Lua's default tostring would round past 14 digits).
    local write = { 'l', string.format('%.0f', level), 'u', string.format('%.0f', now) }
    -- The counters go once they hold nothing: the bucket has drained, every window has ended, and the minute
    -- they hold is as old as the history keeps. The last is the latest of them for the hour and the day unless
    -- the bucket takes over a day to drain, so the expiry moves only when a new minute starts, or on every check
    -- while the bucket or a window outlasts it.
    local keep = (math.floor(now / HOUR) + 1) * HOUR + DAY
    local outlasts = now
    if perMinute > 0 then outlasts = now + math.ceil(level / perMinute) end
    for w = 1, n do
      local c = counts[w] + cost
      reply[w + 3] = c
      write[4 * w + 1], write[4 * w + 2] = fields[2 * w + 3], indexes[w]
      write[4 * w + 3], write[4 * w + 4] = fields[2 * w + 4], c
      if ends[w] > outlasts then outlasts = ends[w] end
    end
    local pending = tonumber(state[3])
    local at_end = #write
    if pending == minute then
      write[at_end + 1], write[at_end + 2] = 'ma', (tonumber(state[4]) or 0) + 1
    else
      if pending and state[4] then addToHistory(key, now, pending, 'a', tonumber(state[4])) end
      write[at_end + 1], write[at_end + 2], write[at_end + 3], write[at_end + 4] = 'mi', minute, 'ma', 1
    end
    redis.call('HSET', key, unpack(write))
    if pending ~= minute or outlasts > keep then
      -- Relative to the script's own clock, so a fixed test clock expires keys as Redis TIME would.
      redis.call('PEXPIRE', key, string.format('%.0f', math.max(keep, outlasts) - now))
    end
  else
    for w = 1, n do reply[w + 3] = counts[w] end
    addToHistory(key, now, minute, 'd', 1)
  end
  return reply
end

local replies = {}
local at = 0
for i = 1, #KEYS do
  -- Where the next check's arguments start is worked out here, so that a check that fails cannot lose it.
  local n = tonumber(ARGV[at + 3]) or 0
  local ok, reply = pcall(check, KEYS[i], at, n)
  at = at + 6 + 3 * n
  if ok then replies[i] = reply
  elseif type(reply) == 'table' then replies[i] = reply.err or 'ERR the check failed'
  else replies[i] = tostring(reply) end
end
return replies
