-- record.lua: adds checks an API server answered without the store to the current minute's history and to the
-- day's total: denials from its deny cache, and checks allowed from a share it holds (contract section 12).
--
-- KEYS[1]  rl:{<subject>}; the history is in rl:{<subject>}:m:<hour index> hashes (see check.lua)
-- ARGV[1]  how many allowed checks
-- ARGV[2]  how many denials
-- ARGV[3]  "": the clock is Redis TIME; else a fixed time in ms (tests only)
-- ARGV[4]  the units the allowed checks consumed (absent or "": one each)
-- Returns  nothing

local HOUR, DAY, MINUTE = 3600000, 86400000, 60000
local addToDays = (function()
-- @days
end)()
local now = (function()
-- @clock
end)()(ARGV[3])

local hourIndex = math.floor(now / HOUR)
local history = KEYS[1] .. ':m:' .. hourIndex
local minute = math.floor(now / MINUTE)
for i, suffix in ipairs({ 'a', 'd' }) do
  local n = tonumber(ARGV[i])
  if n > 0 then
    redis.call('HINCRBY', history, (minute % 60) .. suffix, n)
    addToDays(KEYS[1], now, minute, suffix, n, suffix == 'a' and tonumber(ARGV[4]) or nil)
  end
end
redis.call('PEXPIRE', history, string.format('%.0f', (hourIndex + 1) * HOUR + DAY - now))
