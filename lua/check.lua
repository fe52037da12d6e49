-- check.lua: decides every limit of a subject at once, in one atomic step, by the rules of count() in
-- api/src/quota/counting.ts (the memory store); a shared contract suite holds both to the same answers. It only
-- counts: what each limit reports (remaining, reset, wait) follows from the reply, and the API server works it
-- out with the same decide() (api/src/quota/decision.ts) the memory store uses, so Redis does no more per check
-- than it must.
--
-- One call may carry several checks, so that Redis starts one script for the checks of a batch rather than one
-- per check (script-batch.ts), and the limits they share (customers on one plan) are sent and read once. The
-- checks run in order, each as if it had been called alone, and nothing comes between them. On a Cluster each
-- call carries one check, as a script may touch one slot only.
--
-- KEYS[i]  rl:{<subject>}, check i's hash of the subject's counters. Each part of a check (the customer's own
--          limits, and a resource's) keeps its fields under its prefix ("" or "<resource>/"):
--            l      bucket fill, in 1/60000 of a request, so it drains by exactly perMinute units a ms
--            u      when the fill was last worked out (ms)
--            hi hc  the hour window's index (ms / 3600000) and count
--            di dc  the day window's index (ms / 86400000) and count
--            wki wkc, moi moc  the same for the week and the month; each window's two fields come with its rule
--                   in ARGV, from its row of api/src/domain/limit-kinds.ts
--            cx     for a part with a concurrent limit: until when its leases' set (below) is kept (ms)
--            sh se  units that servers hold as shares (contract section 12), and until when (ms): a share not given
--                   back (its server died) stops counting as held after SHARE_LEASE
--            hca dca wkca moca  for a plan with alert thresholds, "<window index>:<percent>": the highest threshold
--                   raised in that window, so that each is raised once per window (contract section 13)
--          and, once per subject:
--            mi mc  the minute (ms / 60000) of the last allowed check, and how many that minute allowed: kept
--                   here, in the write a check makes anyway, and added to the history when the minute is over (each
--                   is added to its day's total as it is allowed: the day's totals are a bill, and must not lose the
--                   minute these counters held when they expire)
--            ma     the same count as mc, left by an earlier check.lua that added it to the day's total only when
--                   the minute was over: added to the history and the day then, and gone
--            rv     until when a reservation made may still be settled (ms): a denial meanwhile may be lifted by a settle
--            rs     how many times the counters were reset (reset.lua; none: 0): a reservation made before a reset
--                   settles the day's units only, as the counts it came from are gone (shares are carried through a
--                   reset, counted in the fresh windows: reset.lua)
--            ex     when the key was last set to expire (ms): the expiry is set again only when it must grow, about
--                   once an hour, not at every customer's first check of a minute (at a million customers, nearly
--                   every check)
--            hx     the hour of the last history hash this key's checks set the expiry of: it is set once, not at
--                   every minute added to it
--          The per-minute history lives beside it, under the same hash tag (so in the same Cluster slot),
--          in rl:{<subject>}:m:<hour index> hashes with fields <minute of hour>a and <minute of hour>d;
--          history.lua adds the minute still held in the counters. Leases (contract section 14) live beside it too:
--          rl:{<subject>}:c:<prefix>, a sorted set per part of the leases held against its concurrent limit, each
--          scored by when it ends (a lease that has ended counts no more, and is swept when a later lease is taken),
--          and the member "" scored 0, which never counts: it keeps the set, and so its expiry, when its last lease is
--          released (Redis deletes an empty set, and a lease taken after would make it again without one);
--          rl:{<subject>}:r:<lease id>, a reservation's "<taken at>:<cost>:<resets>:<ends>:<resource's prefix>",
--          expiring when it ends.
--          A window of whole days the subject has no count for is worked out from its days (days.lua) after the time
--          of its last reset, rl:{<subject>}:rt (reset.lua): usedOnDays.
-- ARGV     s, how many sets of limits (specs) follow; then each spec: p, how many parts (1, or 2 when the check
--          names a resource), followed, when the plan has alert thresholds, by ':' and them in percent, ascending
--          ("1:80,100"), then, when a part limits requests in flight, by '/' and each part's concurrent limit (how
--          many leases it allows at once) or -1 ("2/5,-1"); then for each part its field prefix; the bucket's capacity, or -1 when there is no
--          bucket; perMinute, the bucket's refill rate, or -1;
--          n, how many windows; then for each window two: its
--          rule and its size (the limit, or -1 when the window is counted but not limited). A rule is its hash
--          fields and how it marks out windows (windows.ts makes it from the kind's row):
--            <index field>:<count field>:<length>:<offset>  windows of a fixed length (ms), counted from an offset
--                   (ms after the epoch): hi:hc:3600000:0 is the UTC hour
--            <index field>:<count field>:<n>mo:<day>  n calendar months in UTC from billing day <day> (1 to 31), or
--                   the month's last day when it has none: moi:moc:1mo:1 is the calendar month
--          then for each check four:
--            which spec it is held to (1 to s)
--            cost
--            "1": a check (take cost when every limit allows, count it in the history); "0": read usage only;
--            "-1": a refund (give cost back to every bucket and window, never below empty)
--            "t<share>:<settle>:<resets>": a take: a check of cost (0: a share alone, not counted as a check)
--            that, when allowed, also takes up to <share> more units from every limit, as a share for the API server
--            to spend locally; <settle> units of shares the server spent in full are no longer held (<resets>, the
--            rs its server last heard of, decides nothing since reset.lua carries shares through a reset)
--            "g<taken at>:<size>:<resets>": a give-back of cost units of a share of <size> taken at <taken at>
--            (ms): to every bucket, and to every window still the one it was taken from; <size> no longer counts as
--            held, through a reset as before it
--            "a<allowed at>:<checks>:<server>:<seq>": cost units that API server <server> allowed on its own while
--            the store did not answer (a plan failing "local"), <checks> checks the last of which it allowed at
--            <allowed at> (ms): added whatever the limits say, to every bucket (less what has drained since
--            <allowed at>) and to every window still the one running at <allowed at>; the checks go to that
--            minute's history and day. Once only: the hash keeps the last <seq> added from each server in a
--            field a:<server>, and an add numbered no higher only reads
--            "L<ttl>:<reserve>:<id>": a check ("1") that also takes lease <id> (made by the API server) for <ttl> ms,
--            ending on the next whole second, in every part with a concurrent limit (denied when one has none free);
--            <reserve> 1: it keeps its cost for a settle
--            "R<id>": a release: lease <id> ends (its slots are free; a reservation keeps its cost); then it reads
--            "S<id>": a settle of reservation <id> at cost: the difference from what it reserved goes to every bucket,
--            and to every window still the one it was taken from (whatever the limits say), and to the units of its
--            day; the lease ends. Finding none running (settled, ended), it only reads
--            and the clock: "": Redis TIME; "<<ms>": Redis TIME, and the check changes nothing and fails (its reply
--            "late: …") when that is past <ms>, a second after its server gave up waiting for the answer and answered
--            without the store (its plan's fail mode): a call held up in a stalled Redis and run when it is thawed
--            must not count what its server already answered, or has since counted again (script-store.ts,
--            LATE_AFTER_MS); else a fixed time in ms (tests only, to stand at exact instants)
-- Returns  for each check, { allowed (1 or 0; a release or settle: whether it found its lease), now (ms), then for
--          each part its bucket fill and each window's count, then for each part its units held as shares, then the
--          share taken, then rs, then, for a spec with concurrent limits, for each part its leases held and, when they fill
--          it, when the first ends (else 0), then, only when its use
--          reached alert thresholds, { window, threshold, … }: each window by its place among the spec's windows (1
--          on), with a threshold it reached } (or, for a denied check while reservations may still be settled, until
--          when: rv), the counts after it; or, when it failed (a key of another type, an unknown window rule), the error's message, so that it
--          fails alone

local HOUR, DAY, MINUTE, UNITS = 3600000, 86400000, 60000, 60000
local SHARE_LEASE = 10000 -- SHARE_LEASE_MS in api/src/quota/counting.ts
local floor = math.floor
local addToSubjectDays = (function()
-- @days
end)()
-- The spec of the check being counted: its resource's days count the check too (days.lua).
local counting
local function addToDays(key, now, minute, suffix, n, units)
  addToSubjectDays(key, now, minute, suffix, n, units)
  if counting and counting.resource then addToSubjectDays(key, now, minute, suffix, n, units, counting.resource) end
end

-- Days since the epoch to the UTC calendar and back (Howard Hinnant's civil_from_days and days_from_civil):
-- Redis's Lua has no os.date.
local function civil(days)
  days = days + 719468
  local era = floor(days / 146097)
  local doe = days - era * 146097
  local yoe = floor((doe - floor(doe / 1460) + floor(doe / 36524) - floor(doe / 146096)) / 365)
  local doy = doe - (365 * yoe + floor(yoe / 4) - floor(yoe / 100))
  local mp = floor((5 * doy + 2) / 153)
  local m = mp < 10 and mp + 3 or mp - 9
  local y = yoe + era * 400
  if m <= 2 then y = y + 1 end
  return y, m, doy - floor((153 * mp + 2) / 5) + 1
end
local function daysFrom(y, m, d)
  if m <= 2 then y = y - 1 end
  local era = floor(y / 400)
  local yoe = y - era * 400
  local mp = m > 2 and m - 3 or m + 9
  return era * 146097 + yoe * 365 + floor(yoe / 4) - floor(yoe / 100) + floor((153 * mp + 2) / 5) + d - 1 - 719468
end
local function daysIn(y, m)
  if m == 2 then return (y % 4 == 0 and (y % 100 ~= 0 or y % 400 == 0)) and 29 or 28 end
  return (m == 4 or m == 6 or m == 9 or m == 11) and 30 or 31
end
-- When month k (year * 12 + month of the year from 0) starts for billing day b: its day b, or its last day.
local function monthStart(k, b)
  local y = floor(k / 12)
  local m = k - y * 12 + 1
  return daysFrom(y, m, math.min(b, daysIn(y, m))) * DAY
end

-- Each rule by its text in ARGV (see above), read on first use, and kept: for the call, or as a Function for as long
-- as the library lives (a few rules to a kind: one per billing day at most). The hash fields that keep a window's
-- index and count come with it, so that no kind of window is known here by name.
local RULES = {}
local function ruleOf(text)
  local r = RULES[text]
  if r or type(text) ~= 'string' then return r end
  local index, count, n, unit, from = string.match(text, '^([^:]+):([^:]+):(%d+)(%a*):(%d+)$')
  n, from = tonumber(n), tonumber(from)
  if not n or n < 1 then return nil end
  -- daily: the UTC day, whose count is the day's use. wholeDays: whole UTC days longer than one (a week, months),
  -- whose count, when the subject has none for the window running (a limit added to its plan mid-window), is worked
  -- out from its days (usedOnDays).
  if unit == '' then
    r = { index = index, count = count, length = n, offset = from, daily = n == DAY and from % DAY == 0,
      wholeDays = n > DAY and n % DAY == 0 and from % DAY == 0 }
  elseif unit == 'mo' and from >= 1 and from <= 31 then
    r = { index = index, count = count, months = n, billing = from, wholeDays = true }
  else
    return nil
  end
  RULES[text] = r
  return r
end

-- The index of the window `now` falls in. Months are numbered year * 12 + month of the year from 0 (so that three
-- are the calendar's quarters), and a window of them by the month it starts in: the one before the calendar month
-- while its billing day (or, in a month without it, its last day) has not come yet; times 100, plus the day it
-- starts on, so that windows of different billing days starting in one month differ (calendar-windows.ts). The checks of a call share one
-- clock, so a rule keeps its last answer.
local function find(r, now)
  if r.at ~= now then
    r.at = now
    local b = r.billing
    if not b then
      r.last = floor((now - r.offset) / r.length)
    else
      local y, m, d = civil(floor(now / DAY))
      local k = y * 12 + m - 1
      if b > 1 and d < math.min(b, daysIn(y, m)) then k = k - 1 end
      local n = floor(k / r.months)
      local _, _, from = civil(floor(monthStart(n * r.months, b) / DAY))
      r.last = n * 100 + from
    end
  end
  return r.last
end

-- When window i of a rule starts, and when it ends. A month's index says the day it starts on, which may be another
-- billing day's (kept before the day moved).
local function starts(r, i)
  if r.billing then return monthStart(floor(i / 100) * r.months, i % 100) end
  return i * r.length + r.offset
end
local function ends(r, i)
  if r.billing then return monthStart((floor(i / 100) + 1) * r.months, r.billing) end
  return (i + 1) * r.length + r.offset
end

-- The units a part of a subject used on the UTC days first to last (days since the epoch), as its days keep them
-- (days.lua), and those of the last day alone: what a window of whole days counts when the subject has no count for
-- it, so that a limit added mid-window counts what its window has already used (contract section 5). A day's units
-- are summed as kept, below none too: a refund comes off the day it is made on, also of units used the day before.
-- Days up to that of the subject's last reset without its history (reset.lua: rl:{<subject>}:rt) count nothing, as
-- its counters were cleared then. An address keeps no days.
local function usedOnDays(key, prefix, first, last)
  if first > last or string.sub(key, 1, 7) == 'rl:{ip:' then return 0, 0 end
  local reset = tonumber(redis.call('GET', key .. ':rt'))
  if reset then first = math.max(first, floor(reset / DAY) + 1) end
  local part = prefix == '' and '' or '/' .. prefix
  local used, lastDay, fields = 0, 0, {}
  while first <= last do
    local block = floor(first / 64)
    local upto, n = math.min(last, block * 64 + 63), 0
    for day = first, upto do
      fields[n + 1], fields[n + 2], n = (day % 64) .. part .. 'a', (day % 64) .. part .. 'x', n + 2
    end
    local kept = redis.call('HMGET', key .. ':d:' .. block, unpack(fields, 1, n))
    for i = 1, n, 2 do
      lastDay = (tonumber(kept[i]) or 0) + (tonumber(kept[i + 1]) or 0)
      used = used + lastDay
    end
    first = upto + 1
  end
  return used, lastDay
end

-- Redis TIME, read once a call: the checks of one call all happen at the same instant.
local storeClock = (function()
-- @clock
end)()
local time
local function clock(fixed)
  if fixed ~= '' then return tonumber(fixed) end
  if not time then time = storeClock('') end
  return time
end

-- Adds n checks to a minute of a subject's history, which is kept for a day after its hour ends. The hour's hash is
-- set to expire when it is made: when the minute's field is new, unless `known` is its hour (this key's checks set its
-- expiry already) and it has not expired since. Returns the hour.
local function addToHistory(key, now, minute, suffix, n, known)
  local index = floor(minute / 60)
  local history = key .. ':m:' .. index
  local expires = (index + 1) * HOUR + DAY
  if redis.call('HINCRBY', history, (minute % 60) .. suffix, n) == n and (index ~= known or now >= expires) then
    redis.call('PEXPIRE', history, string.format('%.0f', expires - now))
  end
  return index
end

-- A spec's first argument: its count of parts, then, when the plan has alert thresholds, ':' and them in ascending
-- order ("1:80,100"), then, when a part limits requests in flight, '/' and each part's concurrent limit or -1
-- ("2/5,-1"). Returns the count, the thresholds as numbers and the concurrent limits (nil for none).
local function partsOf(text)
  local parts, list, limits = string.match(text, '^(%d+):?([%d,]*)/?([%d,%-]*)$')
  local alerts, most
  if list and list ~= '' then
    alerts = {}
    for t in string.gmatch(list, '%d+') do alerts[#alerts + 1] = tonumber(t) end
  end
  if limits and limits ~= '' then
    most = {}
    for n in string.gmatch(limits, '%-?%d+') do most[#most + 1] = tonumber(n) end
  end
  return tonumber(parts), alerts, most
end

-- A spec from argv[a + 1] on, read once per call however many checks it holds: the fields a check reads (mi, mc
-- and rs, then each part's l, u, sh and se and each window's index and count), each part's capacity, rate and count of windows
-- (three to a part in `buckets`), and each window's rule and size (two to a window in `windows`). Fails (an unknown
-- rule) with the spec's checks alone.
local function readSpec(argv, a)
  local fields, buckets, windows = { 'mi', 'mc', 'rs' }, {}, {}
  local parts, alerts, most = partsOf(argv[a + 1])
  local f, c, reach = 3, 0, {}
  a = a + 1
  local resource
  local concurrent, sets, prefixes = {}, {}, {}
  for p = 1, parts do
    local prefix, n = argv[a + 1], tonumber(argv[a + 4])
    if prefix ~= '' then resource = prefix end
    buckets[3 * p - 2], buckets[3 * p - 1], buckets[3 * p] = tonumber(argv[a + 2]), tonumber(argv[a + 3]), n
    concurrent[p], sets[p], prefixes[p] = most and most[p] or -1, ':c:' .. prefix, prefix
    -- The customer's own part has no prefix, and is spared the concatenations.
    if prefix == '' then fields[f + 1], fields[f + 2], fields[f + 3], fields[f + 4] = 'l', 'u', 'sh', 'se'
    else
      fields[f + 1], fields[f + 2], fields[f + 3], fields[f + 4] = prefix .. 'l', prefix .. 'u', prefix .. 'sh', prefix .. 'se'
    end
    f = f + 4
    for w = 1, n do
      local rule = argv[a + 3 + 2 * w]
      local r = ruleOf(rule)
      if not r then error('unknown window rule ' .. tostring(rule)) end
      local size = tonumber(argv[a + 4 + 2 * w])
      windows[c + 1], windows[c + 2] = r, size
      c = c + 2
      -- Each alert threshold as the use that reaches it, ceil(size × t / 100), worked out once per call.
      if alerts and size >= 0 then
        local at = {}
        for i, t in ipairs(alerts) do at[i] = math.ceil(size * t / 100) end
        reach[c / 2] = at
      end
      if prefix == '' then fields[f + 1], fields[f + 2] = r.index, r.count
      else fields[f + 1], fields[f + 2] = prefix .. r.index, prefix .. r.count end
      f = f + 2
    end
    a = a + 4 + 2 * n
  end
  -- A part that limits requests in flight keeps, in its field cx, until when its leases' set is kept (ms): read with
  -- the others, after them.
  local swept = {}
  for p = 1, parts do
    if concurrent[p] >= 0 then
      fields[f + 1], swept[p], f = prefixes[p] .. 'cx', f + 1, f + 1
    end
  end
  -- And, for every spec, rv: until when reservations made may still be settled (ms).
  fields[f + 1], f = 'rv', f + 1
  return {
    parts = parts, nf = f, fields = fields, buckets = buckets, windows = windows, alerts = alerts, reach = reach,
    resource = resource, concurrent = concurrent, sets = sets, prefixes = prefixes, swept = swept, leased = most ~= nil, rv = f
  }
end

-- Where the spec at argv[a + 1] ends: worked out apart from reading it, so that one that fails cannot lose it.
local function specEnd(argv, a)
  local e = a + 1
  for _ = 1, partsOf(argv[a + 1]) do e = e + 4 + 2 * tonumber(argv[e + 4]) end
  return e
end

-- Each check's bucket fills, window indexes and counts, and the field-value pairs it writes: made once per call and
-- reused by each of its checks (which run one after another), so that a check makes no table but its reply.
local levels, indexes, counts, write, held, lapsed, fromTake, flights, freeAt = {}, {}, {}, {}, {}, {}, {}, {}, {}
local NONE = {}

-- How many more units, up to `share`, every limit has room for once `cost` is taken: what a take takes.
local function room(spec, cost, share)
  local buckets, windows, units, c = spec.buckets, spec.windows, share, 0
  for p = 1, spec.parts do
    local capacity = buckets[3 * p - 2]
    if capacity >= 0 then
      units = math.min(units, floor((capacity * UNITS - levels[p] - (held[p] + cost) * UNITS) / UNITS))
    end
    for _ = 1, buckets[3 * p] do
      c = c + 1
      local size = windows[2 * c]
      if size >= 0 then units = math.min(units, size - counts[c] - cost) end
    end
  end
  return math.max(0, units)
end

-- One check of `key` held to `spec`.
local function check(key, spec, cost, mode, fixed)
  counting = spec
  local deadline
  if string.sub(fixed, 1, 1) == '<' then deadline, fixed = tonumber(string.sub(fixed, 2)), '' end
  local now = clock(fixed)
  if deadline and now > deadline then
    error({ err = string.format('late: run at %.0f, after its server gave up at %.0f', now, deadline) })
  end
  local fields, buckets, windows = spec.fields, spec.buckets, spec.windows
  local state = redis.call('HMGET', key, unpack(fields, 1, spec.nf))
  -- The alert thresholds this check's use reaches: each as the window's place among the spec's and the threshold.
  local crossed = {}
  local resets = tonumber(state[3]) or 0

  -- Leases (contract section 14): "L<ttl>:<reserve>:<id>" a check that takes lease <id> for <ttl> ms (reserving its
  -- cost for a settle when <reserve> is 1); "R<id>" a release; "S<id>" a settle of reservation <id> at cost. A
  -- reservation is kept in rl:{<subject>}:r:<id> as "<taken at>:<cost>:<resets>:<ends>:<prefix>", a lease's slot in each part
  -- that limits requests in flight in the sorted set rl:{<subject>}:c:<prefix>, scored by when it ends.
  local leaseTtl, reserve, leaseId, releasing, settledAt, delta, billedAt, billed
  local found = false
  local kind = string.sub(mode, 1, 1)
  if kind == 'L' then
    local t, r, id = string.match(mode, '^L(%d+):([01]):([%w_%-]+)$')
    if not t then error('unknown mode ' .. mode) end
    leaseTtl, reserve, leaseId, mode = tonumber(t), r == '1', id, '1'
  elseif kind == 'R' or kind == 'S' then
    leaseId = string.match(mode, '^[RS]([%w_%-]+)$')
    if not leaseId then error('unknown mode ' .. mode) end
    releasing, mode = kind == 'R', '0'
    local record = key .. ':r:' .. leaseId
    local kept = redis.call('GET', record)
    local at, reserved, rs, ends, named
    if kept then at, reserved, rs, ends, named = string.match(kept, '^(%d+):(%d+):(%d+):(%d+)(.*)$') end
    -- A reservation is of the limits its check named: a lease id that names other ones (a client's mangled copy of
    -- it) finds none, and leaves it. One kept before the record said so matches any.
    if at and (named == '' or named == ':' .. (spec.resource or '')) then
      redis.call('DEL', record)
      if tonumber(ends) > now then
        found = true
        -- A reservation made before a reset takes from and gives back to no limit, as the counts it came from are
        -- gone; the day's units, kept through a reset, still count its real cost.
        if not releasing and tonumber(rs) == resets then settledAt, delta, mode = tonumber(at), cost - tonumber(reserved), 'S'
        elseif not releasing then billedAt, billed = tonumber(at), cost - tonumber(reserved) end
      end
    end
    -- A settle that finds no reservation changes nothing; else the lease's slots are free at once.
    if releasing or found then
      for p = 1, spec.parts do
        local set = key .. spec.sets[p]
        local score = redis.call('ZSCORE', set, leaseId)
        if score then
          redis.call('ZREM', set, leaseId)
          if releasing and tonumber(score) > now then found = true end
        end
      end
    end
  end

  -- A share's take or give-back (contract section 12); a refund and a give-back always give, and never deny.
  local share, settle, takenAt, size, addedAt, addedChecks = 0, 0, nil, 0, nil, 0
  local addedBy, addedSeq
  if string.sub(mode, 1, 1) == 'a' then
    local a, b, server, seq = string.match(mode, '^a(%d+):(%d+):([%w%-]+):(%d+)$')
    addedAt, addedChecks, addedSeq = tonumber(a), tonumber(b), tonumber(seq)
    if not addedAt then error('unknown mode ' .. mode) end
    addedBy = 'a:' .. server
    -- Added before (a call sent again after its answer was lost): this time it only reads.
    if (tonumber(redis.call('HGET', key, addedBy)) or 0) >= addedSeq then mode, addedAt = '0', nil end
  elseif mode ~= '1' and mode ~= '0' and mode ~= '-1' and mode ~= 'S' then
    local kind = string.sub(mode, 1, 1)
    local a, b = string.match(mode, '^[tg](%d+):(%d+):%d+$')
    if kind == 't' then share, settle = tonumber(a) or 0, tonumber(b) or 0
    elseif kind == 'g' then takenAt, size = tonumber(a), tonumber(b) end
    if share <= 0 and not takenAt then error('unknown mode ' .. mode) end
  end
  local giving = mode == '-1' or takenAt ~= nil or settledAt ~= nil

  -- Each part's bucket fill and windows' counts now. A field that is not a number reads as empty: the check must
  -- not fail after it has written anything (Redis keeps a script's writes when it fails).
  local allowed = true
  local f, c = 3, 0
  for p = 1, spec.parts do
    -- The bucket's fill now: no timers, just what drained since the last update.
    local capacity, rate = buckets[3 * p - 2], buckets[3 * p - 1]
    -- The part's day's count before this check, once its day window is read (it comes before longer ones).
    local dayCount
    -- Requests in flight: the part's leases that have not ended. A check that takes a lease needs one free.
    local most = spec.concurrent[p]
    flights[p], freeAt[p] = 0, 0
    if most >= 0 then
      flights[p] = redis.call('ZCOUNT', key .. spec.sets[p], string.format('(%.0f', now), '+inf')
      if leaseTtl and flights[p] >= most then allowed = false end
    end
    local level = 0
    if rate > 0 then
      level = tonumber(state[f + 1]) or 0
      local drain = math.max(0, now - (tonumber(state[f + 2]) or 0)) * rate
      if drain >= level then level = 0 else level = level - drain end
    end
    -- Units held as shares take room in the bucket without draining; a lease that ended unsettled counts as spent
    -- when it ended (count() in counting.ts says why).
    local units, lease = tonumber(state[f + 3]) or 0, tonumber(state[f + 4]) or 0
    lapsed[p] = false
    if units > 0 and lease <= now then
      if rate > 0 then level = level + math.max(0, units * UNITS - (now - lease) * rate) end
      units, lapsed[p] = 0, true
    end
    if capacity >= 0 and level + (units + cost) * UNITS > capacity * UNITS then allowed = false end
    levels[p], held[p] = level, units
    f = f + 4
    for _ = 1, buckets[3 * p] do
      c = c + 1
      local r = windows[2 * c - 1]
      local index = find(r, now)
      -- A count is of the window running now, or of a month that began later than it (its billing day moved: every
      -- check it counted falls in the window running now). A month's index kept before it said the day the window
      -- starts on (under 100,000) is compared by its month alone, as starting on the day the month running now does.
      local kept = tonumber(state[f + 1]) or -1
      if r.billing and kept >= 0 and kept < 100000 then kept = kept * 100 + index % 100 end
      local count = 0
      if kept == index then count = tonumber(state[f + 2]) or 0
      elseif r.billing and kept > index then
        -- A month that began later (its billing day moved later): what it counted, and the days of the month running
        -- now before it began.
        count = math.max(0, (tonumber(state[f + 2]) or 0) + usedOnDays(key, spec.prefixes[p],
          floor(starts(r, index) / DAY), floor(starts(r, kept) / DAY) - 1))
      elseif r.wholeDays then
        -- None kept for this window: its days before today, and today's use: the day's count (or, when the part
        -- counts no day, its days), less the refunds made today of units used before it (today's units below none).
        local used, today = usedOnDays(key, spec.prefixes[p], floor(starts(r, index) / DAY), floor(now / DAY))
        if dayCount then used = used - math.max(0, today) + dayCount end
        count = math.max(0, used)
      end
      if r.daily then dayCount = count end
      local limit = windows[2 * c]
      if limit >= 0 and count + cost > limit then allowed = false end
      indexes[c], counts[c] = index, count
      if takenAt or addedAt or settledAt then fromTake[c] = find(r, takenAt or addedAt or settledAt) == index end
      f = f + 2
    end
  end

  local minute = floor(now / MINUTE)
  -- A refund's units come off the day (days.lua) up to what a window gives back: those count what was taken, shares
  -- included whose checks their servers record within a second; never a refund of nothing. Each part's own: the
  -- subject's days lose what its own windows gave back, a resource's what the resource's did.
  local refundable = {}
  if mode == '-1' then
    local w = 0
    for p = 1, spec.parts do
      refundable[p] = 0
      for _ = 1, buckets[3 * p] do
        w = w + 1
        refundable[p] = math.max(refundable[p], math.min(cost, counts[w]))
      end
    end
  end
  -- A refund or give-back is always carried out, and gives back; a check or take that is allowed takes.
  if giving or addedAt then allowed = true end
  local taken = 0
  if share > 0 and allowed then taken = room(spec, cost, share) end
  -- Only a check with a cost counts in the history.
  local counted = mode == '1' or (share > 0 and cost > 0)
  if mode ~= '0' and allowed then
    -- What each window gains (a give-back: only those it was taken from), and what each bucket's fill gains besides
    -- what its held units settle: a refund gives back; a give-back or a take's settle moves spent units into the fill.
    local give = delta or (giving and -cost or cost + taken)
    local fill = delta or (mode == '-1' and -cost or (takenAt and math.max(0, size - cost) or cost))
    -- '%.0f' writes whole numbers exactly (Lua's default tostring would round past 14 digits).
    local u = string.format('%.0f', now)
    -- The counters go once they hold nothing: every bucket has drained, every window has ended, and the minute
    -- they hold is as old as the history keeps. Windows start and end on the minute, so that time is worked out on
    -- the first write of each minute (and on a refund), or when a bucket outlasts it.
    local pending = tonumber(state[1])
    local fresh = pending ~= minute or giving or addedAt ~= nil
    local keep = (floor(now / HOUR) + 1) * HOUR + DAY
    local drains, wr = 0, 0
    f, c = 3, 0
    for p = 1, spec.parts do
      local rate, settled = buckets[3 * p - 1], 0
      if share > 0 then settled = math.min(settle, held[p]) end
      -- A part without a bucket keeps a fill as well, which nothing reads. What was allowed during an outage joins the
      -- fill as of when the last of it was allowed.
      local level
      if addedAt then level = levels[p] + math.max(0, cost * UNITS - math.max(0, now - addedAt) * math.max(0, rate))
      else level = math.max(0, levels[p] + (fill + settled) * UNITS) end
      levels[p] = level
      if rate > 0 and now + math.ceil(level / rate) > drains then drains = now + math.ceil(level / rate) end
      write[wr + 1], write[wr + 2], write[wr + 3], write[wr + 4] = fields[f + 1], string.format('%.0f', level), fields[f + 2], u
      wr = wr + 4
      if share > 0 or takenAt or lapsed[p] then
        -- A take holds its share for a lease from now; a give-back leaves the lease as it was.
        if share > 0 then held[p] = math.max(0, held[p] - settle) + taken
        elseif takenAt then held[p] = math.max(0, held[p] - size) end
        local lease = share > 0 and string.format('%.0f', now + SHARE_LEASE) or (state[f + 4] or '0')
        write[wr + 1], write[wr + 2], write[wr + 3], write[wr + 4] = fields[f + 3], held[p], fields[f + 4], lease
        wr = wr + 4
      end
      f = f + 4
      for _ = 1, buckets[3 * p] do
        c = c + 1
        local count = counts[c]
        if not (takenAt or addedAt or settledAt) or fromTake[c] then count = math.max(0, count + give) end
        -- A window whose use grew may reach an alert threshold: only when it is between the lowest and the highest does
        -- the check look further, and the mark of the highest raised in this window is read only when one lies between
        -- the counts before and after, so a check that reaches none reads nothing more.
        local at = spec.reach[c]
        if at and count >= at[1] and counts[c] < at[#at] and count > counts[c] then
          local mark = fields[f + 2] .. 'a'
          local raised, top = nil, 0
          for i, t in ipairs(spec.alerts) do
            if counts[c] < at[i] and count >= at[i] then
              if not raised then
                local i, pct = string.match(redis.call('HGET', key, mark) or '', '^(%-?%d+):(%d+)$')
                raised = tonumber(i) == indexes[c] and tonumber(pct) or 0
              end
              if t > raised then
                crossed[#crossed + 1], crossed[#crossed + 2], top = c, t, t
              end
            end
          end
          if top > 0 then
            write[wr + 1], write[wr + 2], wr = mark, string.format('%.0f:%d', indexes[c], top), wr + 2
          end
        end
        counts[c] = count
        write[wr + 1], write[wr + 2], write[wr + 3], write[wr + 4] = fields[f + 1], indexes[c], fields[f + 2], count
        wr, f = wr + 4, f + 2
        if fresh then keep = math.max(keep, ends(windows[2 * c - 1], indexes[c])) end
      end
    end
    if leaseTtl then
      -- The lease takes a slot in every part that limits requests in flight; a part's set is swept of leases that
      -- ended, and set to expire, when a lease would outlast it (cx): about once a minute, not at every lease. The
      -- sweep puts in the member "" (scored 0, and kept by the sweep), so that releasing every lease never empties
      -- the set: Redis would delete it, and a lease taken after would make it again with no expiry, kept for ever
      -- once that lease was never released (its subject's counters expire, nothing would sweep it again).
      local ends = math.ceil((now + leaseTtl) / 1000) * 1000
      for p = 1, spec.parts do
        if spec.concurrent[p] >= 0 then
          local set = key .. spec.sets[p]
          flights[p] = flights[p] + 1
          if ends <= (tonumber(state[spec.swept[p]]) or 0) then
            redis.call('ZADD', set, string.format('%.0f', ends), leaseId)
          else
            local until_ = ends + MINUTE
            redis.call('ZADD', set, string.format('%.0f', ends), leaseId, 0, '')
            redis.call('ZREMRANGEBYSCORE', set, '(0', string.format('%.0f', now))
            redis.call('PEXPIRE', set, string.format('%.0f', until_ - now))
            write[wr + 1], write[wr + 2], wr = fields[spec.swept[p]], string.format('%.0f', until_), wr + 2
          end
        end
      end
      if reserve then
        redis.call('SET', key .. ':r:' .. leaseId,
          string.format('%.0f:%.0f:%.0f:%.0f:%s', now, cost, resets, ends, spec.resource or ''),
          'PX', string.format('%.0f', ends - now))
        if ends > (tonumber(state[spec.rv]) or 0) then
          write[wr + 1], write[wr + 2], wr = 'rv', string.format('%.0f', ends), wr + 2
        end
      end
    end
    -- As that time only grows while the plan stays, the key is set to expire only when it must be kept longer than
    -- it last was (ex): about once an hour for a customer checked once a minute. ex, hx and ma are read apart from
    -- the check's fields, and only on a minute's first write, so that a customer checked many times a minute never
    -- reads them.
    local kept = fresh and redis.call('HMGET', key, 'ex', 'hx', 'ma') or NONE
    local before = fresh and (tonumber(kept[1]) or 0) or keep
    keep = math.max(keep, drains)
    local expire = keep > before
    if expire then write[wr + 1], write[wr + 2], wr = 'ex', string.format('%.0f', keep), wr + 2 end
    local allowedInMinute = tonumber(state[2]) or 0
    if pending == minute then
      if counted then allowedInMinute = allowedInMinute + 1 end
      redis.call('HSET', key, 'mc', allowedInMinute, unpack(write, 1, wr))
    elseif counted or share > 0 then
      -- A new minute: the last one's allowed checks go to the history, and an earlier script's (ma) to the day's
      -- total as well. A take alone starts the minute too (with none allowed), so that the expiry is worked out once
      -- a minute for a customer whose checks are all spent from shares, as for any other.
      local earlier = tonumber(kept[3]) or 0
      if pending and allowedInMinute + earlier > 0 then
        write[wr + 1], write[wr + 2] = 'hx', addToHistory(key, now, pending, 'a', allowedInMinute + earlier, tonumber(kept[2]))
        wr = wr + 2
      end
      if kept[3] then
        if earlier > 0 then addToSubjectDays(key, now, pending, 'a', earlier) end
        redis.call('HDEL', key, 'ma')
      end
      redis.call('HSET', key, 'mi', minute, 'mc', counted and 1 or 0, unpack(write, 1, wr))
    else
      redis.call('HSET', key, unpack(write, 1, wr))
    end
    if expire then
      -- Relative to the script's own clock, so a fixed test clock expires keys as Redis TIME would.
      redis.call('PEXPIRE', key, string.format('%.0f', keep - now))
    end
    -- The day's units: a check's cost, a refund's taken back (contract section 6). A take's share counts there only as
    -- its server spends it (record.lua), with the checks it allows, so a bill never counts units no check consumed.
    if counted then addToDays(key, now, minute, 'a', 1, cost)
    elseif mode == '-1' then
      addToSubjectDays(key, now, minute, 'r', cost, refundable[1])
      if spec.resource then addToSubjectDays(key, now, minute, 'r', cost, refundable[2], spec.resource) end
    end
    -- A settle's difference goes to the units of the day the reservation was made on, never to its checks.
    if delta and delta > 0 then addToDays(key, now, floor(settledAt / MINUTE), 'a', 0, delta)
    elseif delta and delta < 0 then addToDays(key, now, floor(settledAt / MINUTE), 'r', -delta) end
  elseif counted then
    addToHistory(key, now, minute, 'd', 1)
    addToDays(key, now, minute, 'd', 1)
  end
  if billed and billed > 0 then addToDays(key, now, floor(billedAt / MINUTE), 'a', 0, billed)
  elseif billed and billed < 0 then addToDays(key, now, floor(billedAt / MINUTE), 'r', -billed) end
  if addedAt then redis.call('HSET', key, addedBy, addedSeq) end
  if addedAt and addedChecks > 0 then
    local at = floor(addedAt / MINUTE)
    -- A history hour is kept for a day after it ends; one older is gone, and its minute with it.
    if (floor(at / 60) + 1) * HOUR + DAY > now then addToHistory(key, now, at, 'a', addedChecks) end
    addToDays(key, now, at, 'a', addedChecks, cost)
  end

  local reply, r = { allowed and 1 or 0, now }, 2
  c = 0
  for p = 1, spec.parts do
    reply[r + 1], r = levels[p], r + 1
    for _ = 1, buckets[3 * p] do
      c = c + 1
      reply[r + 1], r = counts[c], r + 1
    end
  end
  for p = 1, spec.parts do reply[r + p] = held[p] end
  reply[r + spec.parts + 1], reply[r + spec.parts + 2] = taken, resets
  r = r + spec.parts + 2
  -- For a spec with a concurrent limit, each part's leases held after the call and, when they fill it, when the first
  -- ends.
  for p = 1, spec.leased and spec.parts or 0 do
    local most = spec.concurrent[p]
    if most >= 0 and flights[p] >= most then
      local first = redis.call('ZRANGEBYSCORE', key .. spec.sets[p], string.format('(%.0f', now), '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
      freeAt[p] = tonumber(first[2]) or 0
    end
    reply[r + 1], reply[r + 2], r = flights[p], freeAt[p], r + 2
  end
  -- A release or a settle says whether it found its lease.
  if releasing or (leaseId and not leaseTtl) then reply[1] = found and 1 or 0 end
  if #crossed > 0 then reply[r + 1] = crossed
  elseif not allowed and mode == '1' and (tonumber(state[spec.rv]) or 0) > now then
    -- A denied check while reservations may still be settled (and give back): until when, so that the API server
    -- remembers the denial only briefly.
    reply[r + 1] = tonumber(state[spec.rv])
  end
  return reply
end

-- An error as the reply of the checks it stops.
local function message(e)
  if type(e) == 'table' then return e.err or 'ERR the check failed' end
  return tostring(e)
end

-- One call: each spec read once, then each check in turn. As a script (EVAL) the whole chunk runs on every call;
-- as a Redis Function (scripts.ts) it runs once, and a call runs main alone, so main's state starts afresh here.
local function main(KEYS, ARGV)
  time = nil
  local specs, a = {}, 1
  for s = 1, tonumber(ARGV[1]) do
    local ok, spec = pcall(readSpec, ARGV, a)
    specs[s] = ok and spec or message(spec)
    a = specEnd(ARGV, a)
  end
  local replies = {}
  for i = 1, #KEYS do
    local spec = specs[tonumber(ARGV[a + 1])]
    if type(spec) == 'table' then
      local ok, reply = pcall(check, KEYS[i], spec, tonumber(ARGV[a + 2]), ARGV[a + 3], ARGV[a + 4])
      replies[i] = ok and reply or message(reply)
    else
      replies[i] = spec or 'ERR no such spec'
    end
    a = a + 4
  end
  return replies
end

return main(KEYS, ARGV)
