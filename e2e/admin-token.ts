// The bootstrap admin token the e2e server starts with, known to the tests and to nobody else.
export const ADMIN_TOKEN = "e2e-admin-7f3c9a1d5b2e4f60";
