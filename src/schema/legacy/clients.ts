/**
 * Clients of the designer account: the Client node, its basic details, the `clients` and
 * `client` queries, and the createClient / updateClientBasics mutations.
 */
import { COUNTRIES, TIME_ZONES, timeZoneOffsetMinutes } from "../../backends/legacy/reference.js";
import type { LegacyClientBasicDetails } from "../../backends/legacy/types.js";
import type { GraphContext } from "../../context.js";
import { MAX_LENGTH, MAX_COUNT } from "../../domain/input-limits.js";
import { CLIENT_ID_DESCRIPTION } from "../support/id-descriptions.js";
import { builder, type Types } from "../builder.js";
import { writeOutcomes } from "../support/errors.js";
import { compositeId, localIdOf, parseCompositeId } from "../support/global-id.js";
import { inputRules, type Checker } from "../support/input-rules.js";
import { clientCampaigns, clientLists, clientSegments, findClient } from "./lookups.js";
import { CampaignRef, ClientRef, ListRef, SegmentRef, TemplateRef } from "./refs.js";

builder.node(ClientRef, {
  description: "A client of the designer account.",
  id: { resolve: (client) => compositeId(client.clientId) },
  loadWithoutCache: (id, ctx) => findClient(ctx, parseCompositeId(id, 1)[0]),
  fields: (t) => ({
    clientId: t.exposeString("clientId", { description: "The service's ClientID." }),
    name: t.exposeString("name"),
    basicDetails: t.field({
      type: ClientBasicDetailsRef,
      nullable: true,
      description: "Company, contact, country and time zone (Client.GetDetail).",
      resolve: async (client, _args, ctx) =>
        (await ctx.legacy.read("Client.GetDetail", { ClientID: client.clientId })).BasicDetails,
    }),
    lists: t.field({
      type: [ListRef],
      nullable: true,
      description: "The client's subscriber lists (Client.GetLists).",
      resolve: (client, _args, ctx) => clientLists(ctx, client.clientId),
    }),
    segments: t.field({
      type: [SegmentRef],
      nullable: true,
      description: "The client's segments, each naming its list (Client.GetSegments).",
      resolve: (client, _args, ctx) => clientSegments(ctx, client.clientId),
    }),
    campaigns: t.field({
      type: [CampaignRef],
      nullable: true,
      description: "The client's sent campaigns (Client.GetCampaigns).",
      resolve: (client, _args, ctx) => clientCampaigns(ctx, client.clientId),
    }),
    templates: t.field({
      type: [TemplateRef],
      nullable: true,
      description: "The client's templates (Client.GetTemplates).",
      resolve: async (client, _args, ctx) => {
        const templates = await ctx.legacy.read("Client.GetTemplates", { ClientID: client.clientId });
        // Each entry is a whole Template: a later template(id:) in this request needs no call.
        for (const template of templates) ctx.legacy.prime("Template.GetDetail", { TemplateID: template.TemplateID }, template);
        return templates;
      },
    }),
  }),
});

const ClientBasicDetailsRef = builder.objectRef<LegacyClientBasicDetails>("ClientBasicDetails").implement({
  description: "Basic details of a client.",
  fields: (t) => ({
    companyName: t.exposeString("CompanyName"),
    contactName: t.exposeString("ContactName"),
    emailAddress: t.exposeString("EmailAddress"),
    country: t.exposeString("Country"),
    timeZone: t.exposeString("TimeZone", {
      description: "The service's time zone text, e.g. `(GMT+10:00) Canberra, Melbourne, Sydney`.",
    }),
    utcOffsetMinutes: t.int({
      nullable: true,
      description: "Offset of the time zone from UTC in minutes; the client's dates are wall times of this zone.",
      resolve: (details) => timeZoneOffsetMinutes(details.TimeZone) ?? null,
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
    description: "Every client of the designer account (User.GetClients).",
    resolve: async (_root, _args, ctx) =>
      (await ctx.legacy.read("User.GetClients", {})).map((c) => ({ clientId: c.ClientID, name: c.Name })),
  }),
  client: t.field({
    type: ClientRef,
    nullable: true,
    description: "One client by global id; null with a NOT_FOUND error when the account has no such client.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => findClient(ctx, localIdOf(String(args.id), "Client", 1)[0]),
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

function checkBasics(basics: ClientBasics, v: Checker): void {
  v.text("companyName", basics.companyName, MAX_LENGTH.name).required();
  v.text("contactName", basics.contactName, MAX_LENGTH.name).required();
  v.text("emailAddress", basics.emailAddress, MAX_LENGTH.email).required().email();
  v.text("country", basics.country, MAX_LENGTH.reference).required().oneOf(COUNTRIES, "countries");
  v.text("timeZone", basics.timeZone, MAX_LENGTH.reference).required().oneOf(TIME_ZONES, "time zones");
}

function basicsParams(basics: ClientBasics) {
  return {
    CompanyName: basics.companyName.trim(),
    ContactName: basics.contactName.trim(),
    EmailAddress: basics.emailAddress.trim(),
    Country: basics.country,
    Timezone: basics.timeZone,
  };
}

/** Forgets what a write to a client changed, so the payload reads it again. */
export function invalidateClient(ctx: GraphContext, clientId: string): void {
  ctx.legacy.invalidate("User.GetClients");
  ctx.legacy.invalidate("Client.GetDetail", { ClientID: clientId });
}

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
        resolve: (payload, _args, ctx) => findClient(ctx, payload.clientId),
      }),
    }),
  });
}

const CreateClientSuccess = clientPayload("CreateClientSuccess", "The client was created (without application access).");
const UpdateClientBasicsSuccess = clientPayload("UpdateClientBasicsSuccess", "The client's basic details were replaced.");

const createOutcomes = writeOutcomes(["Client.Create"]);
// The spec lists no "Invalid ClientID" for Client.UpdateBasics, but the call names a client.
const updateBasicsOutcomes = writeOutcomes(["Client.UpdateBasics"], [102]);

builder.mutationFields((t) => ({
  createClient: t.field({
    type: CreateClientSuccess,
    description: "Creates a client (Client.Create). At most five clients per thirty minutes.",
    args: { input: t.arg({ type: CreateClientInput, required: true }) },
    validate: inputRules<{ input: ClientBasics }>(({ input }, v) => checkBasics(input, v)),
    nullable: true,
    errors: { types: createOutcomes.types, directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const clientId = (await createOutcomes.write(ctx, "Client.Create", basicsParams(input))).trim();
      invalidateClient(ctx, clientId);
      return { clientId };
    },
  }),
  updateClientBasics: t.field({
    type: UpdateClientBasicsSuccess,
    description: "Replaces a client's basic details (Client.UpdateBasics); access and billing stay as they are.",
    args: { input: t.arg({ type: UpdateClientBasicsInput, required: true }) },
    validate: inputRules<{ input: typeof UpdateClientBasicsInput.$inferInput }>(({ input }, v) => {
      v.text("clientId", String(input.clientId), MAX_LENGTH.globalId).required().globalId("Client", 1);
      checkBasics(input, v);
    }),
    nullable: true,
    errors: { types: updateBasicsOutcomes.types, directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const [clientId] = localIdOf(String(input.clientId), "Client", 1);
      await updateBasicsOutcomes.write(ctx, "Client.UpdateBasics", { ClientID: clientId, ...basicsParams(input) });
      invalidateClient(ctx, clientId);
      return { clientId };
    },
  }),
}));
