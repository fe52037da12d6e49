-- reset.lua: forgets every counter of a subject, of its own limits and of every resource's, in one step.
--
-- KEYS[1]  rl:{<subject>} (see check.lua)
-- Keeps    mi ma, the minute of history still held in the counters
-- Returns  how many fields it deleted

local KEEP = { mi = true, ma = true }
local gone = {}
for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
  if not KEEP[field] then gone[#gone + 1] = field end
end
if #gone == 0 then return 0 end
return redis.call('HDEL', KEYS[1], unpack(gone))
