// The reference for the memory store: a bare node:http server that parses the check body and answers fixed JSON.
import { servePeer } from "./serve";

const ALLOWED = { status: 200, body: '{"allowed":true}' };

servePeer(() => ALLOWED);
