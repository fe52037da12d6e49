-- check.lua: decides every limit of a subject at once, in one atomic step, by the rules of count() in
-- api/src/quota/algorithm.ts (the memory store); a shared contract suite holds both to the same answers. It only
-- decides: what each limit reports (remaining, reset, wait) follows from the reply, and the API server works it
-- out with the same report() the memory store uses, so Redis does no more per check than it must.
--
-- One call may carry several checks, so that Redis starts one script for the checks of a batch rather than one
-- per check (script-batch.ts): KEYS[i] and the next run of ARGV (its length set by its parts and their windows)
-- are check i. They run in order, each as if it had been called alone, and nothing comes between them. On a
-- Cluster each call carries one check, as a script may touch one slot only. Below, check 1.
--
-- KEYS[1]  rl:{<subject>}: hash of the subject's counters. Each part of a check (the customer's own limits, and
--          a resource's) keeps its fields under its prefix ("" or "<resource>/"):
--            l      bucket fill, in 1/60000 of a request, so it drains by exactly perMinute units a ms
--            u      when the fill was last worked out (ms)
--            hi hc  the hour window's index (ms / 3600000) and count
--            di dc  the day window's index (ms / 86400000) and count
--            wki wkc, moi moc  the same for the week and the month (each window's two fields are named in RULES)
--          and, once per subject:
--            mi ma  the minute (ms / 60000) of the last allowed check, and how many that minute allowed: kept
--                   here, in the write a check makes anyway, and added to the history when the minute is over
--            x      until when (ms) the key's expiry was last set, so that it is set again only when it must move
--          The per-minute history lives beside it, under the same hash tag (so in the same Cluster slot),
--          in rl:{<subject>}:m:<hour index> hashes with fields <minute of hour>a and <minute of hour>d;
--          history.lua adds the minute still held in the counters.
-- ARGV[1]  p, how many parts (1, or 2 when the check names a resource)
--          then for each part: its field prefix; the bucket's capacity, or -1 when there is no bucket; perMinute,
--          the bucket's refill rate, or -1; n, how many windows; then for each window two: its rule's code (a key
--          of RULES) and its size (the limit, or -1 when the window is counted but not limited, so that a limit
--          added later counts what it already used)
-- then     cost
--          "1": a check (take cost when every limit allows, count it in the history); "0": read usage only;
--          "-1": a refund (give cost back to every bucket and window, never below empty)
--          "": the clock is Redis TIME; else a fixed time in ms (tests only, to stand at exact instants)
-- Returns  for each check, { allowed (1 or 0), now (ms), then for each part its bucket fill and each window's
--          count }, the counts after it; or, when it failed (a key of another type, say), the error's message, so
--          that it fails alone

local HOUR, DAY, MINUTE, UNITS = 3600000, 86400000, 60000, 60000
local addToDays = (function()
-- @days
end)()

local WEEK, FIRST_MONDAY = 7 * DAY, 4 * DAY -- the epoch fell on a Thursday
local floor = math.floor

-- Days since the epoch to the UTC calendar and back (Howard Hinnant's civil_from_days and days_from_civil):
-- Redis's Lua has no os.date.
local function civil(days)
  days = days + 719468
  local era = floor(days / 146097)
  local doe = days - era * 146097
  local yoe = floor((doe - floor(doe / 1460) + floor(doe / 36524) - floor(doe / 146096)) / 365)
  local doy = doe - (365 * yoe + floor(yoe / 4) - floor(yoe / 100))
  local mp = floor((5 * doy + 2) / 153)
  local m = mp < 10 and mp + 3 or mp - 9
  local y = yoe + era * 400
  if m <= 2 then y = y + 1 end
  return y, m
end
local function daysFrom(y, m, d)
  if m <= 2 then y = y - 1 end
  local era = floor(y / 400)
  local yoe = y - era * 400
  local mp = m > 2 and m - 3 or m + 9
  return era * 146097 + yoe * 365 + floor(yoe / 4) - floor(yoe / 100) + floor((153 * mp + 2) / 5) + d - 1 - 719468
end
local function daysIn(y, m)
  if m == 2 then return (y % 4 == 0 and (y % 100 ~= 0 or y % 400 == 0)) and 29 or 28 end
  return (m == 4 or m == 6 or m == 9 or m == 11) and 30 or 31
end
-- When month k (year * 12 + month of the year from 0) starts for billing day b: its day b, or its last day.
local function monthStart(k, b)
  local y = floor(k / 12)
  local m = k - y * 12 + 1
  return daysFrom(y, m, math.min(b, daysIn(y, m))) * DAY
end
-- Months from billing day b: the index is the month the window starts in.
local function months(b)
  return function(now)
    local y, m = civil(floor(now / DAY))
    local k = y * 12 + m - 1
    if now < monthStart(k, b) then k = k - 1 end
    return k, monthStart(k + 1, b)
  end
end

-- Each kind of window by its rule's code, as in api/src/quota/windows.ts and calendar-windows.ts: the hash fields
-- that keep its index and count (the same there, and never to change, or counters lose their meaning across a
-- deploy), and `find`, which gives the index of the window that `now` falls in and when that window ends.
local RULES = {
  hour = { index = 'hi', count = 'hc', find = function(now) local i = floor(now / HOUR) return i, (i + 1) * HOUR end },
  day = { index = 'di', count = 'dc', find = function(now) local i = floor(now / DAY) return i, (i + 1) * DAY end },
  week = { index = 'wki', count = 'wkc', find = function(now)
    local i = floor((now - FIRST_MONDAY) / WEEK)
    return i, (i + 1) * WEEK + FIRST_MONDAY
  end },
  month = { index = 'moi', count = 'moc', find = months(1) },
}

-- A rule by its code; `month:<day>` (a billing day from 2 to 31) is made on first use in a call.
local function ruleOf(code)
  local rule = RULES[code]
  if rule or type(code) ~= 'string' then return rule end
  local day = tonumber(string.match(code, '^month:(%d+)$'))
  if day and day >= 2 and day <= 31 then
    rule = { index = 'moi', count = 'moc', find = months(day) }
    RULES[code] = rule
  end
  return rule
end

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

-- Adds n checks to a minute of a subject's history, which is kept for a day after its hour ends, and to its day's
-- total, kept for 400 days (see daily.lua).
local function addToHistory(key, now, minute, suffix, n)
  local index = math.floor(minute / 60)
  local history = key .. ':m:' .. index
  if redis.call('HINCRBY', history, (minute % 60) .. suffix, n) == n then
    redis.call('PEXPIRE', history, string.format('%.0f', (index + 1) * HOUR + DAY - now))
  end
  addToDays(key, now, minute, suffix, n)
end

-- The fields a check reads and writes and its parts' fills and counts: made once per call and reused by each of
-- its checks (which run one after another) up to that check's length, so that a check makes no table but its reply.
local fields, write, levels, counts = { 'mi', 'ma', 'x' }, {}, {}, {}

-- How many arguments the check at ARGV[at + 1] takes: worked out apart from the check, so that one that fails
-- cannot lose where the next starts.
local function length(at)
  local a = at + 1
  for _ = 1, tonumber(ARGV[at + 1]) or 0 do a = a + 4 + 2 * (tonumber(ARGV[a + 4]) or 0) end
  return a + 3 - at
end

-- One check: KEYS[i] as key, its arguments from ARGV[at + 1] on.
local function check(key, at)
  local parts = tonumber(ARGV[at + 1])
  -- Each part's fields to read, after mi ma x: l, u, then each window's index and count.
  local a, f = at + 1, 3
  for _ = 1, parts do
    local prefix, n = ARGV[a + 1], tonumber(ARGV[a + 4])
    fields[f + 1], fields[f + 2] = prefix .. 'l', prefix .. 'u'
    f = f + 2
    for w = 1, n do
      local code = ARGV[a + 3 + 2 * w]
      local rule = ruleOf(code)
      if not rule then error('unknown window rule ' .. tostring(code)) end
      fields[f + 1], fields[f + 2] = prefix .. rule.index, prefix .. rule.count
      f = f + 2
    end
    a = a + 4 + 2 * n
  end
  local cost, mode = tonumber(ARGV[a + 1]), ARGV[a + 2]
  local now = clock(ARGV[a + 3])
  local state = redis.call('HMGET', key, unpack(fields, 1, f))

  -- Each part's bucket fill and windows' counts now. A field that is not a number reads as empty: the check must
  -- not fail after it has written anything (Redis keeps a script's writes when it fails).
  local allowed = true
  local outlasts = now
  local c, wr = 0, 0
  a, f = at + 1, 3
  for p = 1, parts do
    local capacity, perMinute, n = tonumber(ARGV[a + 2]), tonumber(ARGV[a + 3]), tonumber(ARGV[a + 4])
    -- The bucket's fill now: no timers, just what drained since the last update.
    local level = 0
    if perMinute > 0 then
      level = tonumber(state[f + 1]) or 0
      local drain = math.max(0, now - (tonumber(state[f + 2]) or 0)) * perMinute
      if drain >= level then level = 0 else level = level - drain end
    end
    if capacity >= 0 and level + cost * UNITS > capacity * UNITS then allowed = false end
    levels[p] = level
    write[wr + 1], write[wr + 3] = fields[f + 1], fields[f + 2]
    wr = wr + 4
    f = f + 2
    for w = 1, n do
      local index, ends = RULES[ARGV[a + 3 + 2 * w]].find(now)
      local count = 0
      if tonumber(state[f + 1]) == index then count = tonumber(state[f + 2]) or 0 end
      local size = tonumber(ARGV[a + 4 + 2 * w])
      if size >= 0 and count + cost > size then allowed = false end
      c = c + 1
      counts[c] = count
      write[wr + 1], write[wr + 2], write[wr + 3] = fields[f + 1], index, fields[f + 2]
      wr = wr + 4
      f = f + 2
      if ends > outlasts then outlasts = ends end
    end
    a = a + 4 + 2 * n
  end

  -- A refund is always carried out.
  if mode == '-1' then allowed = true end
  local reply = { allowed and 1 or 0, now }
  local function answer()
    c = 0
    a = at + 1
    for p = 1, parts do
      reply[#reply + 1] = levels[p]
      for _ = 1, tonumber(ARGV[a + 4]) do
        c = c + 1
        reply[#reply + 1] = counts[c]
      end
      a = a + 4 + 2 * tonumber(ARGV[a + 4])
    end
    return reply
  end
  if mode == '0' then return answer() end

  local minute = math.floor(now / MINUTE)
  if allowed then
    local give = mode == '-1' and -cost or cost
    -- '%.0f' writes whole numbers exactly (Lua's default tostring would round past 14 digits).
    local u = string.format('%.0f', now)
    wr, c, a = 0, 0, at + 1
    for p = 1, parts do
      local level, perMinute = math.max(0, levels[p] + give * UNITS), tonumber(ARGV[a + 3])
      levels[p] = level
      if perMinute > 0 and now + math.ceil(level / perMinute) > outlasts then
        outlasts = now + math.ceil(level / perMinute)
      end
      write[wr + 2], write[wr + 4] = string.format('%.0f', level), u
      wr = wr + 4
      for _ = 1, tonumber(ARGV[a + 4]) do
        c = c + 1
        counts[c] = math.max(0, counts[c] + give)
        write[wr + 4] = counts[c]
        wr = wr + 4
      end
      a = a + 4 + 2 * tonumber(ARGV[a + 4])
    end
    -- The counters go once they hold nothing: every bucket has drained, every window has ended, and the minute
    -- they hold is as old as the history keeps. The expiry is set again only when that moves past the one last
    -- set (x), which for a month's window is about once an hour.
    local expires = math.max((math.floor(now / HOUR) + 1) * HOUR + DAY, outlasts)
    local x = string.format('%.0f', expires)
    if mode == '-1' then
      redis.call('HSET', key, 'x', x, unpack(write, 1, wr))
    else
      local pending = tonumber(state[1])
      if pending == minute then
        redis.call('HSET', key, 'ma', (tonumber(state[2]) or 0) + 1, 'x', x, unpack(write, 1, wr))
      else
        if pending and state[2] then addToHistory(key, now, pending, 'a', tonumber(state[2])) end
        redis.call('HSET', key, 'mi', minute, 'ma', 1, 'x', x, unpack(write, 1, wr))
      end
    end
    if expires > (tonumber(state[3]) or 0) then
      -- Relative to the script's own clock, so a fixed test clock expires keys as Redis TIME would.
      redis.call('PEXPIRE', key, string.format('%.0f', expires - now))
    end
  else
    addToHistory(key, now, minute, 'd', 1)
  end
  return answer()
end

local replies = {}
local at = 0
for i = 1, #KEYS do
  local ok, reply = pcall(check, KEYS[i], at)
  at = at + length(at)
  if ok then replies[i] = reply
  elseif type(reply) == 'table' then replies[i] = reply.err or 'ERR the check failed'
  else replies[i] = tostring(reply) end
end
return replies
