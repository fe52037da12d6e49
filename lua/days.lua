-- days.lua: a subject's allowed and denied checks per UTC day, and the units (cost) the allowed ones consumed, for 400
-- days: what a monthly bill is made from.
-- Not a script of its own: its text is put into check.lua, record.lua and daily.lua where they say
-- `-- @days` (scripts.ts), so that the three keep the days one way.
--
-- The days live beside the counters, under the same hash tag (so in the same Cluster slot), 64 to a hash:
-- rl:{<subject>}:d:<day / 64> with fields <day % 64>a, <day % 64>d and <day % 64>x, each hash kept until its last
-- day is 400 days old. x is the day's units less its allowed checks (units = a + x): a check of cost 1, nearly every
-- check, writes nothing more for its units, and a day written before units were kept (no x) reads units = allowed.
-- Anonymous subjects (rl:{ip:…}) keep none: no bill is made from an address, and an address's days would hold memory
-- for 400 days each.
--
-- A resource's checks (a check that names one its plan has) count in the subject's days and in the resource's own,
-- kept in the same hashes as fields <day % 64>/<resource>/a, …/d and …/x: the export's rows per limit set.
--
-- Called as (key, now, minute, suffix, n, units, part): suffix 'a' adds n allowed checks that consumed `units` (nil:
-- n), 'd' n denied checks; 'r' takes n units back (a refund) from the day's units, up to the larger of what the day
-- holds and `units`, what the refund gave back to the windows. What it takes beyond the day's units was used before
-- the day (a refund just after midnight of a check just before it): as much as the day before holds comes off that
-- day. The rest comes off the day, which may then stand below none: the checks it gives back may be added to the day
-- after it (allowed from a share, a server records them within a second) while the windows count them already, and a
-- day is read never below none (daily.lua). A refund of more than was
-- taken (of nothing, or sent twice) takes no more than the day holds, so the checks after it are billed. `part`: a
-- resource's field prefix ("<resource>/") to count in that resource's days instead of the subject's.
local DAYS_PER_HASH, KEPT_DAYS = 64, 400
-- A day's units as kept (a + x), below none too.
local function unitsOf(days, field)
  local kept = redis.call('HMGET', days, field .. 'a', field .. 'x')
  return (tonumber(kept[1]) or 0) + (tonumber(kept[2]) or 0)
end
return function(key, now, minute, suffix, n, units, part)
  if string.sub(key, 1, 7) == 'rl:{ip:' then return end
  local day = math.floor(minute / 1440)
  local block = math.floor(day / DAYS_PER_HASH)
  local days = key .. ':d:' .. block
  local field = day % DAYS_PER_HASH
  if part then field = field .. '/' .. part end
  local added = n
  if suffix == 'r' then
    local held = unitsOf(days, field)
    local back = math.min(n, math.max(held, units or 0))
    if back <= 0 then return end
    if back > held then
      -- What the windows gave back beyond the day's units was used before it: as much as the day before holds comes
      -- off it (a refund just after midnight of a check just before), so that each day's bill nets its own refunds.
      local before = day - 1
      local beforeDays = key .. ':d:' .. math.floor(before / DAYS_PER_HASH)
      local beforeField = (before % DAYS_PER_HASH) .. (part and ('/' .. part) or '')
      local spill = math.min(back - math.max(0, held), unitsOf(beforeDays, beforeField))
      if spill > 0 then
        redis.call('HINCRBY', beforeDays, beforeField .. 'x', -spill)
        back = back - spill
        if back <= 0 then return end
      end
    end
    suffix, added, units = 'x', -back, nil
  end
  if redis.call('HINCRBY', days, field .. suffix, added) == added then
    redis.call('PEXPIRE', days, string.format('%.0f', ((block + 1) * DAYS_PER_HASH + KEPT_DAYS) * 86400000 - now))
  end
  if units and units ~= n then redis.call('HINCRBY', days, field .. 'x', units - n) end
end
