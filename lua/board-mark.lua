-- board-mark.lua: what an API server saw of the customers it checked lately, for the Live page (GET /v1/usage) to
-- read a page of without a pass over every customer (see board-read.lua).
--
-- KEYS[1]  board:{live}; the board is in keys under it, all in one Cluster slot:
--            board:{live}:near       sorted set: each customer's share left of its nearest limit, as last marked
--            board:{live}:d:<minute> sorted set: each customer's denials in that minute (minute = Unix ms / 60000)
--            board:{live}:t:<minute> hash: a, d: every customer's checks allowed and denied in that minute
-- ARGV[1]  "": the clock is Redis TIME; else a fixed time in ms (tests only)
-- ARGV[2]  checks allowed, ARGV[3] checks denied, by every customer the server checked
-- ARGV     then per customer named: subject, share left (0 to 1; "": it did not move; "-": it no longer exists, and
--          leaves the board), denials
-- Returns  nothing

local HOUR, MINUTE = 3600000, 60000
local now = (function()
-- @clock
end)()(ARGV[1])

local minute = math.floor(now / MINUTE)
local near, denied, traffic = KEYS[1] .. ':near', KEYS[1] .. ':d:' .. minute, KEYS[1] .. ':t:' .. minute
for i = 4, #ARGV, 3 do
  if ARGV[i + 1] == '-' then redis.call('ZREM', near, ARGV[i])
  elseif ARGV[i + 1] ~= '' then redis.call('ZADD', near, ARGV[i + 1], ARGV[i]) end
  local d = tonumber(ARGV[i + 2])
  if d > 0 then redis.call('ZINCRBY', denied, d, ARGV[i]) end
end
if ARGV[2] ~= '0' then redis.call('HINCRBY', traffic, 'a', ARGV[2]) end
if ARGV[3] ~= '0' then redis.call('HINCRBY', traffic, 'd', ARGV[3]) end
-- A minute is read for an hour after it ends.
local expires = string.format('%.0f', (minute + 1) * MINUTE + HOUR - now)
redis.call('PEXPIRE', denied, expires)
redis.call('PEXPIRE', traffic, expires)
