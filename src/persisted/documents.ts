/**
 * Persisted documents: the manifest `npm run codegen` writes (`"sha256:<hex>"` → normalized
 * document text), loaded once at start-up with every entry checked (its id hashes its text, it
 * parses and validates against the schema), so a schema change that breaks a frontend's document
 * stops the gateway starting instead of failing its users. See docs/decisions.md, "Persisted documents".
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Kind, parse, validate, type GraphQLSchema } from "graphql";

/** Where `npm run codegen` writes the manifest of the repository's documents. */
export const DEFAULT_MANIFEST_PATH = fileURLToPath(
  new URL("../../documents/gql/persisted-documents.json", import.meta.url),
);

/** The documents the gateway accepts by id. */
export interface PersistedDocuments {
  /** How many documents the manifest holds. */
  readonly size: number;
  /** The names of the manifest's operations (each once): their metrics labels are reserved. */
  readonly operationNames: readonly string[];
  /** The document text for an id (`sha256:<hex>` or the bare hex), or undefined. */
  get(id: string): string | undefined;
}

/** Thrown when a manifest cannot be used; the message names the file and the entry, never more. */
export class ManifestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ManifestError";
  }
}

const SHA256_ID = /^sha256:[0-9a-f]{64}$/;

/** `sha256:<hex>` of a document text, as the codegen client preset computes it. */
export function documentIdOf(text: string): string {
  return `sha256:${createHash("sha256").update(text).digest("hex")}`;
}

/** The persisted documents of a manifest object, each entry checked against `schema`. */
export function persistedDocumentsOf(
  manifest: unknown,
  schema: GraphQLSchema,
  source = "the manifest",
): PersistedDocuments {
  if (manifest === null || typeof manifest !== "object" || Array.isArray(manifest)) {
    throw new ManifestError(`${source} must be a JSON object of "sha256:<hex>" ids to documents`);
  }
  const byHex = new Map<string, string>();
  const names = new Set<string>();
  for (const [id, text] of Object.entries(manifest)) {
    if (!SHA256_ID.test(id)) throw new ManifestError(`${source}: "${id.slice(0, 80)}" is not a sha256:<hex> id`);
    if (typeof text !== "string") throw new ManifestError(`${source}: ${id} is not a document text`);
    if (documentIdOf(text) !== id) throw new ManifestError(`${source}: ${id} is not the sha256 of its document`);
    let problems: readonly { message: string }[];
    try {
      const document = parse(text);
      problems = validate(schema, document);
      for (const definition of document.definitions) {
        if (definition.kind === Kind.OPERATION_DEFINITION && definition.name) names.add(definition.name.value);
      }
    } catch (error) {
      problems = [{ message: (error as Error).message }];
    }
    if (problems.length > 0) {
      throw new ManifestError(
        `${source}: ${id} does not validate against the schema: ${problems.map((p) => p.message).join("; ")}`,
      );
    }
    byHex.set(id.slice("sha256:".length), text);
  }
  return {
    size: byHex.size,
    operationNames: [...names],
    get(id) {
      const hex = id.startsWith("sha256:") ? id.slice("sha256:".length) : id;
      return byHex.get(hex.toLowerCase());
    },
  };
}

/** Reads and checks a manifest file. */
export function loadPersistedDocuments(path: string, schema: GraphQLSchema): PersistedDocuments {
  let raw: string;
  try {
    raw = readFileSync(path, "utf8");
  } catch (error) {
    throw new ManifestError(
      `cannot read the persisted documents manifest ${path}: ${(error as NodeJS.ErrnoException).code ?? "error"}`,
    );
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse(raw);
  } catch {
    throw new ManifestError(`the persisted documents manifest ${path} is not JSON`);
  }
  return persistedDocumentsOf(manifest, schema, path);
}

/** What a request may carry to name a persisted document. */
export interface PersistedIdCarrier {
  documentId?: unknown;
  extensions?: unknown;
}

/**
 * The document id a request names: `documentId`, else `extensions.persistedQuery.sha256Hash` (APQ
 * version 1); null when it names none.
 */
export function persistedIdOf(params: PersistedIdCarrier): string | null {
  if (typeof params.documentId === "string" && params.documentId !== "") return params.documentId;
  const extensions = params.extensions;
  if (extensions && typeof extensions === "object") {
    const pq = (extensions as { persistedQuery?: unknown }).persistedQuery;
    if (pq && typeof pq === "object") {
      const { version, sha256Hash } = pq as { version?: unknown; sha256Hash?: unknown };
      if (version === 1 && typeof sha256Hash === "string" && sha256Hash !== "") return sha256Hash;
    }
  }
  return null;
}
