/** Templates: the Template node, the `template` query and the updateTemplate mutation. */
import { MAX_LENGTH } from "../../domain/input-limits.js";
import { builder } from "../builder.js";
import { compositeId, localIdOf, parseCompositeId } from "../support/global-id.js";
import { TEMPLATE_ID_DESCRIPTION } from "../support/id-descriptions.js";
import { id, inputRules, noAngleBrackets, required, text, url } from "../support/input-rules.js";
import { lookupKey, ownIdDescription } from "../support/lookup-args.js";
import { writeErrors } from "../support/payload-errors.js";
import { TemplateRef } from "./refs.js";

builder.node(TemplateRef, {
  description: "An email template.",
  id: { resolve: (tpl) => compositeId(tpl.templateId) },
  loadWithoutCache: (id, ctx) => ctx.legacy.template(parseCompositeId(id, 1)[0]),
  fields: (t) => ({
    templateId: t.exposeString("templateId", { description: "The service's TemplateID." }),
    name: t.exposeString("name"),
    previewUrl: t.exposeString("previewUrl", { nullable: true }),
    screenshotUrl: t.exposeString("screenshotUrl", { nullable: true }),
  }),
});

builder.queryField("template", (t) =>
  t.field({
    type: TemplateRef,
    nullable: true,
    description:
      "One template by global id or by the service's TemplateID (exactly one: BAD_USER_INPUT otherwise); null " +
      "with a NOT_FOUND error when there is none.",
    args: {
      id: t.arg.id({ description: "The template's global id." }),
      templateId: t.arg.string({ description: ownIdDescription("TemplateID") }),
    },
    resolve: (_root, args, ctx) => {
      const key = lookupKey("template", args.id, { templateId: args.templateId });
      return ctx.legacy.template("own" in key ? key.own.templateId : localIdOf(key.globalId, "Template", 1)[0]);
    },
  }),
);

interface TemplatePayload {
  templateId: string;
}

const UpdateTemplateSuccess = builder.objectRef<TemplatePayload>("UpdateTemplateSuccess").implement({
  description: "The template was replaced.",
  fields: (t) => ({
    templateId: t.exposeString("templateId", { description: "The service's TemplateID." }),
    template: t.field({
      type: TemplateRef,
      nullable: true,
      resolve: (payload, _args, ctx) => ctx.legacy.template(payload.templateId),
    }),
  }),
});

const UpdateTemplateInput = builder.inputType("UpdateTemplateInput", {
  fields: (t) => ({
    templateId: t.id({ required: true, description: TEMPLATE_ID_DESCRIPTION }),
    name: t.string({
      required: true,
      description:
        `At most ${MAX_LENGTH.templateName} characters (the service would cut a longer name, so it is refused), ` +
        "without `<` or `>` (the service refuses those with 4003).",
    }),
    htmlPageUrl: t.string({
      required: true,
      description: `URL of the template's HTML page. At most ${MAX_LENGTH.url} characters.`,
    }),
    zipFileUrl: t.string({
      description: `URL of a zip of the files the page references. At most ${MAX_LENGTH.url} characters.`,
    }),
    screenshotUrl: t.string({
      description: `URL of a JPEG at least 218 pixels wide. At most ${MAX_LENGTH.url} characters.`,
    }),
  }),
});

builder.mutationField("updateTemplate", (t) =>
  t.field({
    type: UpdateTemplateSuccess,
    description: "Replaces a template's name and content; the service checks the HTML.",
    args: { input: t.arg({ type: UpdateTemplateInput, required: true }) },
    validate: inputRules<typeof UpdateTemplateInput.$inferInput>({
      templateId: id("Template", 1),
      name: text(MAX_LENGTH.templateName, required, noAngleBrackets),
      htmlPageUrl: text(MAX_LENGTH.url, required, url),
      zipFileUrl: text(MAX_LENGTH.url, url),
      screenshotUrl: text(MAX_LENGTH.url, url),
    }),
    nullable: true,
    errors: { types: writeErrors("updateTemplate"), directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const [templateId] = localIdOf(String(input.templateId), "Template", 1);
      await ctx.legacy.updateTemplate({ ...input, templateId });
      return { templateId };
    },
  }),
);
