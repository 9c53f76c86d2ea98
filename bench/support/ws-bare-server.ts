/**
 * The baseline of the fan-out benchmark: a bare `ws` server, in a process of its own, sending the
 * messages it is given to every connected socket as they are. Forked with IPC by
 * bench/support/ws-processes.ts; answers `{port}` once listening, then `{sent}` after each
 * `{send: messages}` has been handed to every socket.
 */
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";

const wss = new WebSocketServer({ host: "127.0.0.1", port: 0, perMessageDeflate: false });
wss.on("listening", () => process.send?.({ port: (wss.address() as AddressInfo).port }));
process.on("message", (raw) => {
  const { send } = raw as { send: string[] };
  for (const message of send) for (const socket of wss.clients) socket.send(message);
  process.send?.({ sent: send.length });
});
process.on("disconnect", () => wss.close(() => process.exit(0)));
