/**
 * One handler per catalog operation. The type makes a missing or misspelt operation a compile
 * error, so the catalog and the sandbox cannot drift apart.
 */
import type { OperationName } from "../../../backends/legacy/catalog.js";
import { CAMPAIGN_REPORT_HANDLERS } from "./campaign-reports.js";
import { CAMPAIGN_SEND_HANDLERS } from "./campaign-send.js";
import { CLIENT_HANDLERS } from "./clients.js";
import { LIST_HANDLERS } from "./lists.js";
import { SUBSCRIBER_HANDLERS } from "./subscribers.js";
import { TEMPLATE_HANDLERS } from "./templates.js";
import type { Handler } from "./types.js";

/** The handler of every operation of the catalog. */
export const HANDLERS: Readonly<Record<OperationName, Handler>> = {
  ...SUBSCRIBER_HANDLERS,
  ...LIST_HANDLERS,
  ...CLIENT_HANDLERS,
  ...CAMPAIGN_SEND_HANDLERS,
  ...CAMPAIGN_REPORT_HANDLERS,
  ...TEMPLATE_HANDLERS,
};
