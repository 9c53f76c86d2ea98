/**
 * A client's access and billing: the access level and permission enums, billing types and
 * currencies, the Client.accessAndBilling field and the updateClientAccessAndBilling mutation.
 * Combinations the spec fixes (a login for any level but 0, billing only for levels that send
 * campaigns, rates only for ClientPaysWithMarkup) are checked before anything is sent.
 */
import { ACCESS, ACCESS_LEVELS, CURRENCIES, accessAllows } from "../../domain/legacy/reference.js";
import { MAX_LENGTH } from "../../domain/input-limits.js";
import type { LegacyAccessAndBilling } from "../../domain/legacy/models.js";
import { builder } from "../builder.js";
import { localIdOf } from "../support/global-id.js";
import { CLIENT_ID_DESCRIPTION } from "../support/id-descriptions.js";
import {
  checkWith,
  decimal,
  id,
  inputRules,
  minLength,
  refuse,
  required,
  text,
  username,
} from "../support/input-rules.js";
import { writeErrors } from "../support/payload-errors.js";
import { unreadableNull } from "../support/unreadable.js";
import { clientPayload } from "./clients.js";
import { ClientRef } from "./refs.js";

const constantCase = (name: string) => name.replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase();

type PermissionBit = (typeof ACCESS)[keyof typeof ACCESS];

const PERMISSIONS = Object.entries(ACCESS).map(([name, bit]) => ({ name: constantCase(name), bit: bit }));

export const AccessPermission = builder.enumType("AccessPermission", {
  description: "One permission an access level grants.",
  values: Object.fromEntries(PERMISSIONS.map(({ name, bit }) => [name, { value: bit }])),
});

function permissionsOf(level: number): PermissionBit[] {
  return PERMISSIONS.filter(({ bit }) => accessAllows(level, bit)).map(({ bit }) => bit);
}

export const AccessLevel = builder.enumType("AccessLevel", {
  description: "The access levels the service accepts; each is a set of permissions (see `permissions`).",
  values: Object.fromEntries(
    ACCESS_LEVELS.map((level) => {
      const granted = PERMISSIONS.filter(({ bit }) => accessAllows(level, bit)).map(({ name }) => name);
      const description = level === 0 ? "No application access." : `Grants ${granted.join(", ")}.`;
      return [`LEVEL_${level}`, { value: level, description }];
    }),
  ),
});

export const BillingType = builder.enumType("BillingType", {
  description: "Who pays for a client's campaigns.",
  values: {
    USER_PAYS_ON_CLIENTS_BEHALF: {
      value: "UserPaysOnClientsBehalf",
      description: "The designer's credits or card pay.",
    },
    CLIENT_PAYS_AT_STANDARD_RATE: {
      value: "ClientPaysAtStandardRate",
      description: "The client's saved card pays standard rates.",
    },
    CLIENT_PAYS_WITH_MARKUP: {
      value: "ClientPaysWithMarkup",
      description: "The client's card pays designer-set rates.",
    },
  } as const,
});

export const Currency = builder.enumType("Currency", {
  description: "Currencies the service bills in.",
  values: CURRENCIES,
});

const ClientAccessAndBillingRef = builder.objectRef<LegacyAccessAndBilling>("ClientAccessAndBilling").implement({
  description: "What a client may do in the application and how its campaigns are paid.",
  fields: (t) => ({
    accessLevel: t.field({
      type: AccessLevel,
      nullable: true,
      description: unreadableNull(),
      resolve: (ab) => ab.accessLevel,
    }),
    permissions: t.field({
      type: [AccessPermission],
      nullable: true,
      description: unreadableNull("What the access level grants."),
      resolve: (ab) => permissionsOf(ab.accessLevel),
    }),
    username: t.exposeString("username", { nullable: true, description: "Null when the access level is 0." }),
    billingType: t.field({
      type: BillingType,
      nullable: true,
      description: unreadableNull("Null unless the access level allows creating and sending campaigns."),
      resolve: (ab) => ab.billingType,
    }),
    currency: t.field({
      type: Currency,
      nullable: true,
      description: unreadableNull("Null when the service gives none."),
      resolve: (ab) => ab.currency,
    }),
    deliveryFee: t.exposeString("deliveryFee", {
      nullable: true,
      description: "Flat fee per campaign in the currency's major unit (decimal text); ClientPaysWithMarkup only.",
    }),
    costPerRecipient: t.exposeString("costPerRecipient", {
      nullable: true,
      description: "Per recipient in the currency's minor unit (decimal text); ClientPaysWithMarkup only.",
    }),
    designAndSpamTestFee: t.exposeString("designAndSpamTestFee", {
      nullable: true,
      description: "Per design and spam test in the major unit (decimal text); markup clients with test access only.",
    }),
  }),
});

builder.objectField(ClientRef, "accessAndBilling", (t) =>
  t.field({
    type: ClientAccessAndBillingRef,
    nullable: true,
    description: "Access level and billing.",
    resolve: async (client, _args, ctx) => (await ctx.legacy.clientDetail(client.clientId)).accessAndBilling,
  }),
);

const UpdateClientAccessAndBillingInput = builder.inputType("UpdateClientAccessAndBillingInput", {
  description:
    "Access and billing of a client. Give only what the combination uses: a login for any level but 0, " +
    "a billing type for levels that create and send campaigns, a currency unless the designer pays, " +
    "rates for ClientPaysWithMarkup (the design and spam test fee only with that permission).",
  fields: (t) => ({
    clientId: t.id({ required: true, description: CLIENT_ID_DESCRIPTION }),
    accessLevel: t.field({ type: AccessLevel, required: true }),
    username: t.string({
      description: `Unique across the designer and all clients. At most ${MAX_LENGTH.name} characters.`,
    }),
    password: t.string({ description: `At least 5 and at most ${MAX_LENGTH.password} characters.` }),
    billingType: t.field({ type: BillingType }),
    currency: t.field({ type: Currency }),
    deliveryFee: t.string({
      description: `Decimal text in the currency's major unit, no symbol; at most ${MAX_LENGTH.decimal} characters.`,
    }),
    costPerRecipient: t.string({
      description: `Decimal text in the currency's minor unit; at most ${MAX_LENGTH.decimal} characters.`,
    }),
    designAndSpamTestFee: t.string({
      description: `Decimal text in the currency's major unit; at most ${MAX_LENGTH.decimal} characters.`,
    }),
  }),
});

type AccessInput = typeof UpdateClientAccessAndBillingInput.$inferInput;

/**
 * Whether an optional field is given: left out and "" are not; any other text is, spaces only too
 * (it is not dropped as if left out: where the combination does not use it, it is NOT_ALLOWED).
 */
const present = (value: string | null | undefined): boolean => value != null && value !== "";

const MIN_PASSWORD_LENGTH = 5;

const USERNAME = text(MAX_LENGTH.name, required, username);
const PASSWORD = text(MAX_LENGTH.password, required, minLength(MIN_PASSWORD_LENGTH));
const FEE = text(MAX_LENGTH.decimal, required, decimal);

const checkAccess = inputRules<AccessInput>({ clientId: id("Client", 1) }, (input, ctx) => {
  const level = input.accessLevel;
  const login = level !== 0;
  const sends = accessAllows(level, ACCESS.createSendCampaigns);
  const markup = sends && input.billingType === "ClientPaysWithMarkup";
  const designTests = accessAllows(level, ACCESS.designAndSpamTests);

  const notAllowed = (field: string, when: string) =>
    refuse(ctx, field, "NOT_ALLOWED", `${field} is not used ${when}.`);
  if (login) {
    checkWith(ctx, "username", USERNAME, input.username);
    checkWith(ctx, "password", PASSWORD, input.password);
  } else {
    if (present(input.username)) notAllowed("username", "at access level 0");
    if (present(input.password)) notAllowed("password", "at access level 0");
  }

  if (!sends) {
    if (input.billingType != null) notAllowed("billingType", "unless the access level creates and sends campaigns");
  } else if (input.billingType == null) {
    refuse(
      ctx,
      "billingType",
      "REQUIRED",
      "billingType is required when the access level creates and sends campaigns.",
    );
  }
  const billing = sends ? input.billingType : null;
  if (billing === "UserPaysOnClientsBehalf" || billing == null) {
    if (input.currency != null) notAllowed("currency", "unless the client pays");
  } else if (input.currency == null) {
    refuse(ctx, "currency", "REQUIRED", `currency is required for ${billing}.`);
  }

  for (const field of ["deliveryFee", "costPerRecipient", "designAndSpamTestFee"] as const) {
    const used = markup && (field !== "designAndSpamTestFee" || designTests);
    if (used) checkWith(ctx, field, FEE, input[field]);
    else if (present(input[field])) {
      notAllowed(
        field,
        field === "designAndSpamTestFee" && markup
          ? "without design and spam test access"
          : "unless billing is ClientPaysWithMarkup",
      );
    }
  }
});

const UpdateClientAccessAndBillingSuccess = clientPayload(
  "UpdateClientAccessAndBillingSuccess",
  "The client's access and billing were replaced.",
);

builder.mutationField("updateClientAccessAndBilling", (t) =>
  t.field({
    type: UpdateClientAccessAndBillingSuccess,
    description: "Sets a client's access level, login and billing.",
    args: { input: t.arg({ type: UpdateClientAccessAndBillingInput, required: true }) },
    validate: checkAccess,
    nullable: true,
    errors: { types: writeErrors("updateClientAccessAndBilling"), directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const [clientId] = localIdOf(String(input.clientId), "Client", 1);
      await ctx.legacy.updateClientAccessAndBilling({ ...input, clientId });
      return { clientId };
    },
  }),
);
