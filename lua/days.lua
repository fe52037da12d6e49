-- days.lua: a subject's allowed and denied checks per UTC day, for 400 days: what a monthly bill is made from.
-- Not a script of its own: its text is put into check.lua, record.lua and daily.lua where they say
-- `-- @days` (scripts.ts), so that the three keep the days one way.
--
-- The days live beside the counters, under the same hash tag (so in the same Cluster slot), 64 to a hash:
-- rl:{<subject>}:d:<day / 64> with fields <day % 64>a and <day % 64>d, each hash kept until its last day is
-- 400 days old. Anonymous subjects (rl:{ip:…}) keep none: no bill is made from an address, and an address's
-- days would hold memory for 400 days each.
local DAYS_PER_HASH, KEPT_DAYS = 64, 400
return function(key, now, minute, suffix, n)
  if string.sub(key, 1, 7) == 'rl:{ip:' then return end
  local day = math.floor(minute / 1440)
  local block = math.floor(day / DAYS_PER_HASH)
  local days = key .. ':d:' .. block
  if redis.call('HINCRBY', days, (day % DAYS_PER_HASH) .. suffix, n) == n then
    redis.call('PEXPIRE', days, string.format('%.0f', ((block + 1) * DAYS_PER_HASH + KEPT_DAYS) * 86400000 - now))
  end
end
