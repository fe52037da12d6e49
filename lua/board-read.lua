-- board-read.lua: a page of the board board-mark.lua keeps, for the Live page: its cost grows with the page and with
-- the customers denied in the last hour, never with every customer.
--
-- KEYS[1]  board:{live} (see board-mark.lua)
-- ARGV[1]  how many nearest a limit (least share left first, ties by subject)
-- ARGV[2]  how many most denied in the last hour (most first, ties by subject)
-- ARGV[3]  how many minutes of traffic, the current one included (1 to 60)
-- ARGV[4]  "": the clock is Redis TIME; else a fixed time in ms (tests only)
-- Returns  { { subject, share left, … } nearest first, { subject, denials, … }, first minute (ms), { allowed, denied, …
--          oldest first } }

local MINUTE = 60000
local now = (function()
-- @clock
end)()(ARGV[4])
local minute = math.floor(now / MINUTE)

local nearest = {}
local want = tonumber(ARGV[1])
if want > 0 then nearest = redis.call('ZRANGE', KEYS[1] .. ':near', 0, want - 1, 'WITHSCORES') end

-- The last hour's denials: each customer's minutes added up, over the customers denied at all.
local byCustomer, customers = {}, {}
for m = minute - 59, tonumber(ARGV[2]) > 0 and minute or minute - 60 do
  local flat = redis.call('ZRANGE', KEYS[1] .. ':d:' .. m, 0, -1, 'WITHSCORES')
  for i = 1, #flat, 2 do
    local subject, n = flat[i], tonumber(flat[i + 1])
    if not byCustomer[subject] then customers[#customers + 1] = subject end
    byCustomer[subject] = (byCustomer[subject] or 0) + n
  end
end
table.sort(customers, function(a, b)
  if byCustomer[a] ~= byCustomer[b] then return byCustomer[a] > byCustomer[b] end
  return a < b
end)
local denied = {}
for i = 1, math.min(#customers, tonumber(ARGV[2])) do
  denied[#denied + 1] = customers[i]
  denied[#denied + 1] = byCustomer[customers[i]]
end

local minutes = tonumber(ARGV[3])
local traffic = {}
for m = minute - minutes + 1, minute do
  local counts = redis.call('HMGET', KEYS[1] .. ':t:' .. m, 'a', 'd')
  traffic[#traffic + 1] = tonumber(counts[1]) or 0
  traffic[#traffic + 1] = tonumber(counts[2]) or 0
end
return { nearest, denied, (minute - minutes + 1) * MINUTE, traffic }
