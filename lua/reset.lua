-- reset.lua: forgets every counter of a subject, of its own limits and of every resource's, in one step, and counts
-- the reset: a share a server took before it gives nothing back and settles nothing after it (check.lua), as the
-- counts it came from are gone.
--
-- KEYS[1]  rl:{<subject>} (see check.lua)
-- Keeps    mi mc ma, the minute of history still held in the counters, and rs, how many times they were reset
-- Returns  how many fields it deleted

local KEEP = { mi = true, mc = true, ma = true, rs = true }
local fields = redis.call('HKEYS', KEYS[1])
-- No counters, no shares: nothing to reset, and no key is made (it would have no expiry).
if #fields == 0 then return 0 end
local gone = {}
for _, field in ipairs(fields) do
  if not KEEP[field] then gone[#gone + 1] = field end
end
if #gone > 0 then redis.call('HDEL', KEYS[1], unpack(gone)) end
redis.call('HINCRBY', KEYS[1], 'rs', 1)
return #gone
