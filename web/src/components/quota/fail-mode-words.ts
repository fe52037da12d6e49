// A fail mode in the console's words, wherever a plan's or a customer's is shown.
const FAIL_MODE_WORDS = { open: "Open", closed: "Closed", local: "Local" } as const;

export const failModeText = (failMode: keyof typeof FAIL_MODE_WORDS) => FAIL_MODE_WORDS[failMode];
