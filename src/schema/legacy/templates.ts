/** Templates: the Template node, the `template` query and the updateTemplate mutation. */
import type { GraphContext } from "../../context.js";
import { MAX_LENGTH, MAX_COUNT } from "../../domain/input-limits.js";
import { TEMPLATE_ID_DESCRIPTION } from "../support/id-descriptions.js";
import { builder } from "../builder.js";
import { writeOutcomes } from "../support/errors.js";
import { compositeId, localIdOf, parseCompositeId } from "../support/global-id.js";
import { inputRules } from "../support/input-rules.js";
import { TemplateRef } from "./refs.js";
import { blankToNull } from "./wire.js";

/** The template as the service describes it now (Template.GetDetail; 4001 is NOT_FOUND). */
function loadTemplate(ctx: GraphContext, templateId: string) {
  return ctx.legacy.read("Template.GetDetail", { TemplateID: templateId });
}

builder.node(TemplateRef, {
  description: "An email template.",
  id: { resolve: (tpl) => compositeId(tpl.TemplateID) },
  loadWithoutCache: (id, ctx) => loadTemplate(ctx, parseCompositeId(id, 1)[0]),
  fields: (t) => ({
    templateId: t.exposeString("TemplateID", { description: "The service's TemplateID." }),
    name: t.exposeString("Name"),
    previewUrl: t.string({ nullable: true, resolve: (tpl) => blankToNull(tpl.PreviewURL) }),
    screenshotUrl: t.string({ nullable: true, resolve: (tpl) => blankToNull(tpl.ScreenshotURL) }),
  }),
});

builder.queryField("template", (t) =>
  t.field({
    type: TemplateRef,
    nullable: true,
    description: "One template by global id; null with a NOT_FOUND error when there is none.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => loadTemplate(ctx, localIdOf(String(args.id), "Template", 1)[0]),
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
      resolve: (payload, _args, ctx) => loadTemplate(ctx, payload.templateId),
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
    htmlPageUrl: t.string({ required: true, description: `URL of the template's HTML page. At most ${MAX_LENGTH.url} characters.` }),
    zipFileUrl: t.string({ description: `URL of a zip of the files the page references. At most ${MAX_LENGTH.url} characters.` }),
    screenshotUrl: t.string({ description: `URL of a JPEG at least 218 pixels wide. At most ${MAX_LENGTH.url} characters.` }),
  }),
});

const outcomes = writeOutcomes(["Template.Update"]);

builder.mutationField("updateTemplate", (t) =>
  t.field({
    type: UpdateTemplateSuccess,
    description: "Replaces a template's name and content (Template.Update); the service checks the HTML.",
    args: { input: t.arg({ type: UpdateTemplateInput, required: true }) },
    validate: inputRules<{ input: typeof UpdateTemplateInput.$inferInput }>(({ input }, v) => {
      v.text("templateId", String(input.templateId), MAX_LENGTH.globalId).required().globalId("Template", 1);
      v.text("name", input.name, MAX_LENGTH.templateName).required().noAngleBrackets();
      v.text("htmlPageUrl", input.htmlPageUrl, MAX_LENGTH.url).required().url();
      v.text("zipFileUrl", input.zipFileUrl, MAX_LENGTH.url).url();
      v.text("screenshotUrl", input.screenshotUrl, MAX_LENGTH.url).url();
    }),
    nullable: true,
    errors: { types: outcomes.types, directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const [templateId] = localIdOf(String(input.templateId), "Template", 1);
      await outcomes.write(ctx, "Template.Update", {
        TemplateID: templateId,
        TemplateName: input.name.trim(),
        HTMLPageURL: input.htmlPageUrl.trim(),
        ZipFileURL: input.zipFileUrl?.trim() || undefined,
        ScreenshotURL: input.screenshotUrl?.trim() || undefined,
      });
      ctx.legacy.invalidate("Template.GetDetail", { TemplateID: templateId });
      ctx.legacy.invalidate("Client.GetTemplates");
      return { templateId };
    },
  }),
);
