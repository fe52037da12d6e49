-- history.lua: a subject's allowed and denied checks per minute, as check.lua and record.lua count them.
--
-- KEYS[1]  rl:{<subject>}; the history is in rl:{<subject>}:m:<hour index> hashes, and the allowed checks of
--          the last minute that allowed any are still in the counters, fields mi, mc and ma (see check.lua)
-- ARGV[1]  how many minutes back, the current one included (1 to 1440)
-- ARGV[2]  "": the clock is Redis TIME; else a fixed time in ms (tests only)
-- Returns  { first minute (ms), then allowed, denied for each minute, oldest first }

local HOUR, MINUTE = 3600000, 60000
local now = (function()
-- @clock
end)()(ARGV[2])

local last = now - (now % MINUTE)
local first = last - (tonumber(ARGV[1]) - 1) * MINUTE
local out = { first }
local pending = redis.call('HMGET', KEYS[1], 'mi', 'mc', 'ma')
local pendingMinute, pendingAllowed = tonumber(pending[1]), (tonumber(pending[2]) or 0) + (tonumber(pending[3]) or 0)
local hour, counts = -1, {}
for minute = first, last, MINUTE do
  local index = math.floor(minute / HOUR)
  if index ~= hour then
    hour = index
    counts = {}
    local flat = redis.call('HGETALL', KEYS[1] .. ':m:' .. index)
    for i = 1, #flat, 2 do counts[flat[i]] = tonumber(flat[i + 1]) end
  end
  local m = math.floor((minute % HOUR) / MINUTE)
  local allowed = counts[m .. 'a'] or 0
  if minute / MINUTE == pendingMinute then allowed = allowed + pendingAllowed end
  out[#out + 1] = allowed
  out[#out + 1] = counts[m .. 'd'] or 0
end
return out
