// The Lua of lua/ as text on Cloudflare Workers, which read no files: wrangler bundles them as Text modules.
import boardMark from "../../../../lua/board-mark.lua";
import boardRead from "../../../../lua/board-read.lua";
import check from "../../../../lua/check.lua";
import clock from "../../../../lua/clock.lua";
import daily from "../../../../lua/daily.lua";
import days from "../../../../lua/days.lua";
import history from "../../../../lua/history.lua";
import presence from "../../../../lua/presence.lua";
import record from "../../../../lua/record.lua";
import reset from "../../../../lua/reset.lua";

export const luaSources = { check, history, record, reset, daily, boardMark, boardRead, presence, days, clock };
