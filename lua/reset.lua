-- reset.lua: forgets every counter of a subject, of its own limits and of every resource's, in one step, and counts
-- the reset (rs: a reservation made before it settles the day's units only, check.lua). Units that servers hold as
-- shares stay held, and stay counted: each window's count starts again from them, so that a share another server
-- spends after the reset is counted in the fresh windows as every other check is (without them, a reset let the
-- servers' shares through on top of the full limit), and its give-back and settle after it apply as before it. Its
-- leases go too (every limit full again, requests in flight included: a customer made again with a deleted one's
-- id, or one locked out by leases never released, starts free); a reservation's record stays.
--
-- With "history", its history goes too: the checks per minute and per day (days.lua) of the subject and of its
-- resources, what a bill is made from. A deleted customer's: a customer made again with its id starts with none, as
-- a new customer does, and is never shown or billed the checks of the one before.
--
-- KEYS[1]  rl:{<subject>} (see check.lua); its lease sets rl:{<subject>}:c:<prefix> are found by their parts'
--          field <prefix>cx, under the same hash tag; its history rl:{<subject>}:m:<hour> and rl:{<subject>}:d:<block>
--          by the hours and days kept up to now
-- ARGV[1]  "history" to forget the history too; else ""
-- ARGV[2]  "": the clock is Redis TIME; else a fixed time in ms (tests only)
-- Keeps    mi mc ma, the minute of history still held in the counters (unless the history goes); rs; each part's
--          sh and se (units held as shares, until when) and, where it holds any, its windows' index fields, their
--          counts set to them
-- Returns  how many fields it deleted

local forgetting = ARGV[1] == 'history'
local KEEP = forgetting and { rs = true } or { mi = true, mc = true, ma = true, rs = true }
local HOUR, DAY = 3600000, 86400000
local DAYS_PER_HASH, KEPT_DAYS = 64, 400 -- as days.lua
local now = (function()
-- @clock
end)()(ARGV[2] or '')
-- When: a window of whole days that the subject has no count for is worked out from its days (check.lua's
-- usedOnDays), from the day after this one on, so that what it used before the reset stays forgotten. Kept as long
-- as days are, whether or not there were counters to clear. A reset with the history forgets the days themselves:
-- what is counted after it, the same day included, is all there is.
if not forgetting then
  redis.call('SET', KEYS[1] .. ':rt', string.format('%.0f', now), 'PX', string.format('%.0f', KEPT_DAYS * DAY))
else
  local keys = { KEYS[1] .. ':rt' }
  -- A minute's hour is kept for a day after it ends (check.lua's addToHistory); a block of days until its last day is
  -- KEPT_DAYS old. A few dozen keys, whatever the subject did.
  for hour = math.floor((now - DAY) / HOUR) - 1, math.floor(now / HOUR) do keys[#keys + 1] = KEYS[1] .. ':m:' .. hour end
  local today = math.floor(now / DAY)
  for block = math.floor((today - KEPT_DAYS) / DAYS_PER_HASH) - 1, math.floor(today / DAYS_PER_HASH) do
    keys[#keys + 1] = KEYS[1] .. ':d:' .. block
  end
  redis.call('DEL', unpack(keys))
end
local flat = redis.call('HGETALL', KEYS[1])
-- No counters, no shares: nothing to reset, and no key is made (it would have no expiry).
if #flat == 0 then return 0 end
local values = {}
for i = 1, #flat, 2 do values[flat[i]] = flat[i + 1] end

-- A field's part: its prefix ("" or "<resource>/", up to the last "/") and its own name.
local function split(field)
  local at = string.find(field, '/[^/]*$')
  if at then return string.sub(field, 1, at), string.sub(field, at + 1) end
  return '', field
end

local gone, counts = {}, {}
for field, _ in pairs(values) do
  local prefix, name = split(field)
  local held = tonumber(values[prefix .. 'sh']) or 0
  -- A window's fields come in pairs, "<x>i" its index and "<x>c" its count (limit-kinds.ts rows).
  local stem, last = string.sub(name, 1, -2), string.sub(name, -1)
  local window = (last == 'i' and values[prefix .. stem .. 'c'] ~= nil) or (last == 'c' and values[prefix .. stem .. 'i'] ~= nil)
  if KEEP[field] then
    -- kept as it is
  elseif held > 0 and (name == 'sh' or name == 'se' or (window and last == 'i')) then
    -- kept: the shares, and the windows they are counted in
  elseif held > 0 and window and last == 'c' then
    counts[#counts + 1], counts[#counts + 2] = field, string.format('%.0f', held)
  else
    gone[#gone + 1] = field
  end
  if name == 'cx' then redis.call('DEL', KEYS[1] .. ':c:' .. prefix) end
end
if #gone > 0 then redis.call('HDEL', KEYS[1], unpack(gone)) end
if #counts > 0 then redis.call('HSET', KEYS[1], unpack(counts)) end
redis.call('HINCRBY', KEYS[1], 'rs', 1)
return #gone
