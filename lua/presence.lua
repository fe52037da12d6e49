-- presence.lua: an API server says it shares this store, and learns how many do: a plan failing "local" divides
-- what a customer had left among them while the store does not answer (api/src/quota/local-limits.ts).
--
-- KEYS[1]  servers:{live}, a sorted set: each server's id, scored by when its presence ends (ms)
-- ARGV[1]  "": the clock is Redis TIME; else a fixed time in ms (tests only)
-- ARGV[2]  the server's id
-- ARGV[3]  how long its presence lasts (ms) unless it says so again
-- ARGV[4]  optional: count only the servers that said so less than this many ms ago (back since an outage began)
-- Returns  how many servers are present, this one included

local now = (function()
-- @clock
end)()(ARGV[1])

local ttl = tonumber(ARGV[3])
redis.call('ZADD', KEYS[1], string.format('%.0f', now + ttl), ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', string.format('%.0f', now))
redis.call('PEXPIRE', KEYS[1], string.format('%.0f', ttl))
if ARGV[4] then
  -- Said so at r, a server's presence ends at r + ttl: less than ARGV[4] ms ago, after now + ttl - ARGV[4].
  return redis.call('ZCOUNT', KEYS[1], string.format('(%.0f', now + ttl - tonumber(ARGV[4])), '+inf')
end
return redis.call('ZCARD', KEYS[1])
