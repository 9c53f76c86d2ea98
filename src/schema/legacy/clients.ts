/**
 * Clients of the designer account: the Client node, its basic details, the `clients` and
 * `client` queries, and the createClient / updateClientBasics mutations.
 */
import { COUNTRIES, TIME_ZONES } from "../../domain/legacy/reference.js";
import { MAX_LENGTH } from "../../domain/input-limits.js";
import type { LegacyClientBasics } from "../../domain/legacy/models.js";
import { builder, type Types } from "../builder.js";
import { compositeId, localIdOf, parseCompositeId } from "../support/global-id.js";
import { CLIENT_ID_DESCRIPTION } from "../support/id-descriptions.js";
import { email, id, inputRules, oneOf, required, text } from "../support/input-rules.js";
import { lookupKey, ownIdDescription } from "../support/lookup-args.js";
import { writeErrors } from "../support/payload-errors.js";
import { CampaignRef, ClientRef, ListRef, SegmentRef, TemplateRef } from "./refs.js";
import { staleness } from "../support/staleness.js";

builder.node(ClientRef, {
  description: "A client of the designer account.",
  id: { resolve: (client) => compositeId(client.clientId) },
  loadWithoutCache: (id, ctx) => ctx.legacy.client(parseCompositeId(id, 1)[0]),
  fields: (t) => ({
    clientId: t.exposeString("clientId", { description: "The service's ClientID." }),
    name: t.exposeString("name"),
    basicDetails: t.field({
      type: ClientBasicDetailsRef,
      nullable: true,
      description: "Company, contact, country and time zone.",
      resolve: async (client, _args, ctx) => (await ctx.legacy.clientDetail(client.clientId)).basics,
    }),
    lists: t.field({
      type: [ListRef],
      nullable: true,
      description: "The client's subscriber lists.",
      resolve: (client, _args, ctx) => ctx.legacy.listsOfClient(client.clientId),
    }),
    segments: t.field({
      type: [SegmentRef],
      nullable: true,
      description: "The client's segments, each naming its list.",
      resolve: (client, _args, ctx) => ctx.legacy.segmentsOfClient(client.clientId),
    }),
    campaigns: t.field({
      type: [CampaignRef],
      nullable: true,
      description: "The client's sent campaigns.",
      resolve: (client, _args, ctx) => ctx.legacy.campaignsOfClient(client.clientId),
    }),
    templates: t.field({
      type: [TemplateRef],
      nullable: true,
      description: "The client's templates.",
      resolve: (client, _args, ctx) => ctx.legacy.templatesOfClient(client.clientId),
    }),
  }),
});

const ClientBasicDetailsRef = builder.objectRef<LegacyClientBasics>("ClientBasicDetails").implement({
  description: "Basic details of a client.",
  fields: (t) => ({
    companyName: t.exposeString("companyName"),
    contactName: t.exposeString("contactName"),
    emailAddress: t.exposeString("emailAddress"),
    country: t.exposeString("country"),
    timeZone: t.exposeString("timeZone", {
      description: "The service's time zone text, e.g. `(GMT+10:00) Canberra, Melbourne, Sydney`.",
    }),
    utcOffsetMinutes: t.exposeInt("utcOffsetMinutes", {
      nullable: true,
      description: "Offset of the time zone from UTC in minutes; the client's dates are wall times of this zone.",
    }),
  }),
});

builder.queryFields((t) => ({
  countries: t.stringList({
    description:
      "The countries a client can have (createClient, updateClientBasics), as English names, in the service's order.",
    resolve: () => [...COUNTRIES],
  }),
  timeZones: t.stringList({
    description:
      "The time zones a client can have, as the service writes them, e.g. `(GMT+10:00) Canberra, Melbourne, Sydney`. " +
      "Offsets are fixed (no daylight saving): see ClientBasicDetails.utcOffsetMinutes.",
    resolve: () => [...TIME_ZONES],
  }),
  clients: t.field({
    type: [ClientRef],
    nullable: true,
    description:
      "Every client of the designer account." +
      staleness("other", "clients created or changed through this gateway are seen at once."),
    resolve: (_root, _args, ctx) => ctx.legacy.clients(),
  }),
  client: t.field({
    type: ClientRef,
    nullable: true,
    description:
      "One client by global id or by the service's ClientID (exactly one: BAD_USER_INPUT otherwise); null with a " +
      "NOT_FOUND error when the account has no such client.",
    args: {
      id: t.arg.id({ description: "The client's global id." }),
      clientId: t.arg.string({ description: ownIdDescription("ClientID") }),
    },
    resolve: (_root, args, ctx) => {
      const key = lookupKey("client", args.id, { clientId: args.clientId });
      return ctx.legacy.client("own" in key ? key.own.clientId : localIdOf(key.globalId, "Client", 1)[0]);
    },
  }),
}));

// --- mutations --------------------------------------------------------------------------------

const basicsFields = (t: PothosSchemaTypes.InputFieldBuilder<Types, "InputObject">) => ({
  companyName: t.string({ required: true, description: `At most ${MAX_LENGTH.name} characters.` }),
  contactName: t.string({ required: true, description: `At most ${MAX_LENGTH.name} characters.` }),
  emailAddress: t.string({
    required: true,
    description: `At most ${MAX_LENGTH.email} characters; no other client may have it (code 150).`,
  }),
  country: t.string({
    required: true,
    description: "One of `Query.countries` exactly (English names, e.g. Australia); anything else is refused (ONE_OF).",
  }),
  timeZone: t.string({
    required: true,
    description:
      "One of `Query.timeZones` exactly, e.g. `(GMT+10:00) Canberra, Melbourne, Sydney`; anything else is refused (ONE_OF).",
  }),
});

const CreateClientInput = builder.inputType("CreateClientInput", {
  description: "Basic details of the new client; the service requires all of them.",
  fields: (t) => basicsFields(t),
});

const UpdateClientBasicsInput = builder.inputType("UpdateClientBasicsInput", {
  description: "A client and all its basic details (unchanged values are sent again).",
  fields: (t) => ({
    clientId: t.id({ required: true, description: CLIENT_ID_DESCRIPTION }),
    ...basicsFields(t),
  }),
});

type ClientBasics = typeof CreateClientInput.$inferInput;

const basicsRules = {
  companyName: text(MAX_LENGTH.name, required),
  contactName: text(MAX_LENGTH.name, required),
  emailAddress: text(MAX_LENGTH.email, required, email),
  country: text(MAX_LENGTH.reference, required, oneOf(COUNTRIES, "countries")),
  timeZone: text(MAX_LENGTH.reference, required, oneOf(TIME_ZONES, "time zones")),
};

interface ClientPayload {
  clientId: string;
}

/** A success payload naming the client a mutation wrote. */
export function clientPayload(name: string, description: string) {
  return builder.objectRef<ClientPayload>(name).implement({
    description,
    fields: (t) => ({
      clientId: t.exposeString("clientId", { description: "The service's ClientID." }),
      client: t.field({
        type: ClientRef,
        nullable: true,
        resolve: (payload, _args, ctx) => ctx.legacy.client(payload.clientId),
      }),
    }),
  });
}

const CreateClientSuccess = clientPayload(
  "CreateClientSuccess",
  "The client was created (without application access).",
);
const UpdateClientBasicsSuccess = clientPayload(
  "UpdateClientBasicsSuccess",
  "The client's basic details were replaced.",
);

builder.mutationFields((t) => ({
  createClient: t.field({
    type: CreateClientSuccess,
    description: "Creates a client. At most five clients per thirty minutes.",
    args: { input: t.arg({ type: CreateClientInput, required: true }) },
    validate: inputRules<ClientBasics>(basicsRules),
    nullable: true,
    errors: { types: writeErrors("createClient"), directResult: true },
    resolve: async (_root, { input }, ctx) => ({ clientId: await ctx.legacy.createClient(input) }),
  }),
  updateClientBasics: t.field({
    type: UpdateClientBasicsSuccess,
    description: "Replaces a client's basic details; access and billing stay as they are.",
    args: { input: t.arg({ type: UpdateClientBasicsInput, required: true }) },
    validate: inputRules<typeof UpdateClientBasicsInput.$inferInput>({ clientId: id("Client", 1), ...basicsRules }),
    nullable: true,
    errors: { types: writeErrors("updateClientBasics"), directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const [clientId] = localIdOf(String(input.clientId), "Client", 1);
      await ctx.legacy.updateClientBasics(clientId, input);
      return { clientId };
    },
  }),
}));
