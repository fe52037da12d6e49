-- record.lua: adds checks an API server answered without the store to the current minute's history and to the
-- day's total: denials from its deny cache, and checks allowed from a share it holds (contract section 12).
--
-- KEYS[1]  rl:{<subject>}; the history is in rl:{<subject>}:m:<hour index> hashes (see check.lua)
-- ARGV[1]  how many allowed checks
-- ARGV[2]  how many denials
-- ARGV[3]  "": the clock is Redis TIME; else a fixed time in ms (tests only)
-- ARGV[4]  the units the allowed checks consumed (absent or "": one each)
-- ARGV[5]  the field prefix of the resource the checks named ("<resource>/"; absent or "": none), whose days count
--          them too (days.lua)
-- ARGV[6]  the server that sends them (absent or "": added however often sent), and ARGV[7] the call's number from
--          that server for this subject and resource: added once, as the last number added is kept in
--          rl:{<subject>}:rc (field <resource prefix><server>, kept a day after the last), and a call numbered no
--          higher adds nothing. A server sends a record again when its answer was lost (the store stalled): it may have
--          been added, and a bill must count its checks once. A key of its own, so that the counters' hash, which
--          every check reads and writes, gains no field per server.
-- Returns  nothing

local HOUR, DAY, MINUTE = 3600000, 86400000, 60000
local addToDays = (function()
-- @days
end)()
local now = (function()
-- @clock
end)()(ARGV[3])

if ARGV[6] and ARGV[6] ~= '' then
  local sent, field, seq = KEYS[1] .. ':rc', (ARGV[5] or '') .. ARGV[6], tonumber(ARGV[7])
  if (tonumber(redis.call('HGET', sent, field)) or 0) >= seq then return end
  redis.call('HSET', sent, field, seq)
  redis.call('PEXPIRE', sent, DAY)
end

local hourIndex = math.floor(now / HOUR)
local history = KEYS[1] .. ':m:' .. hourIndex
local minute = math.floor(now / MINUTE)
for i, suffix in ipairs({ 'a', 'd' }) do
  local n = tonumber(ARGV[i])
  if n > 0 then
    redis.call('HINCRBY', history, (minute % 60) .. suffix, n)
    local units = suffix == 'a' and tonumber(ARGV[4]) or nil
    addToDays(KEYS[1], now, minute, suffix, n, units)
    if ARGV[5] and ARGV[5] ~= '' then addToDays(KEYS[1], now, minute, suffix, n, units, ARGV[5]) end
  end
end
redis.call('PEXPIRE', history, string.format('%.0f', (hourIndex + 1) * HOUR + DAY - now))
