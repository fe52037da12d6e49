-- record-denials.lua: adds denials answered from an API server's deny cache to the current minute's history and
-- to the day's total.
--
-- KEYS[1]  rl:{<subject>}; the history is in rl:{<subject>}:m:<hour index> hashes (see check.lua)
-- ARGV[1]  how many denials
-- ARGV[2]  "": the clock is Redis TIME; else a fixed time in ms (tests only)
-- Returns  the minute's denied count

local HOUR, DAY, MINUTE = 3600000, 86400000, 60000
local addToDays = (function()
-- @days
end)()
local now = (function()
-- @clock
end)()(ARGV[2])

local hourIndex = math.floor(now / HOUR)
local history = KEYS[1] .. ':m:' .. hourIndex
local denied = redis.call('HINCRBY', history, math.floor((now % HOUR) / MINUTE) .. 'd', tonumber(ARGV[1]))
redis.call('PEXPIRE', history, string.format('%.0f', (hourIndex + 1) * HOUR + DAY - now))
addToDays(KEYS[1], now, math.floor(now / MINUTE), 'd', tonumber(ARGV[1]))
return denied
