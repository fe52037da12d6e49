-- reset.lua: forgets every counter of a subject, of its own limits and of every resource's, in one step, and counts
-- the reset: a share a server took before it gives nothing back and settles nothing after it (check.lua), as the
-- counts it came from are gone. Its leases go too (every limit full again, requests in flight included: a customer
-- made again with a deleted one's id, or one locked out by leases never released, starts free); a reservation's
-- record stays, so that its settle still sets the day's units to its real cost.
--
-- KEYS[1]  rl:{<subject>} (see check.lua); its lease sets rl:{<subject>}:c:<prefix> are found by their parts'
--          field <prefix>cx, under the same hash tag
-- Keeps    mi mc ma, the minute of history still held in the counters, and rs, how many times they were reset
-- Returns  how many fields it deleted

local KEEP = { mi = true, mc = true, ma = true, rs = true }
local fields = redis.call('HKEYS', KEYS[1])
-- No counters, no shares: nothing to reset, and no key is made (it would have no expiry).
if #fields == 0 then return 0 end
local gone = {}
for _, field in ipairs(fields) do
  if not KEEP[field] then gone[#gone + 1] = field end
  if string.sub(field, -2) == 'cx' then redis.call('DEL', KEYS[1] .. ':c:' .. string.sub(field, 1, -3)) end
end
if #gone > 0 then redis.call('HDEL', KEYS[1], unpack(gone)) end
redis.call('HINCRBY', KEYS[1], 'rs', 1)
return #gone
