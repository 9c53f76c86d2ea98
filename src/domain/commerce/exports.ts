/**
 * The rows of completed segment exports, a page at a time. Each export file is read at most once
 * per request and job, and a request reads a bounded number of files; across requests the client
 * shares them (backends/commerce/export-files.ts).
 */
import { decodeExportRowCursor, encodeExportRowCursor } from "./cursors.js";
import { checkId, commerceInputError, Issues, pageSize } from "./input-rules.js";
import type { CommerceLoaders } from "./loaders.js";
import { toExportFile, type CommerceExportRowPage, type ExportRowFile } from "./models.js";

/** Arguments of a page of an export's rows. */
export interface ExportRowsArgs {
  /** 1–500 (EXPORT_ROWS.page); default 50. */
  first?: number | null;
  /** The cursor of a row of the same export: the page starts after it. */
  after?: string | null;
}

/**
 * Bounds of an export's rows. The file is read whole (at most COMMERCE_MAX_RESPONSE_BYTES, 8 MiB by
 * default) once per request and job, and handed out a page at a time: `first` 1–500 (default 50),
 * the legacy connections' bounds, so `nodes` over 100 ids answers at most 50,000 rows as it does
 * there. A request reads at most `filesPerRequest` files (40 MiB at the default response bound);
 * without that, `nodes` over 100 completed exports would hold 100 files at once.
 */
export const EXPORT_ROWS = { page: 500, defaultPage: 50, filesPerRequest: 5 } as const;

/** The export files one request reads. */
export class ExportRowReader {
  readonly #loaders: CommerceLoaders;
  readonly #fileBudget: number;
  /** The rows of each export file read this request, by job id; its size is the files read. */
  readonly #files = new Map<string, Promise<ExportRowFile>>();

  constructor(loaders: CommerceLoaders, fileBudget: number | undefined) {
    this.#loaders = loaders;
    this.#fileBudget = fileBudget ?? EXPORT_ROWS.filesPerRequest;
  }

  /**
   * A page of a completed export's rows, in the file's order. The file (GET /async-jobs/{id}/result)
   * is read at most once per request and job, and at most the file budget per request: one more is
   * refused (InputError on `rows`, MAX_COUNT) before it is sent. A file the client shares may come
   * at no call (and then costs no call from the budget).
   */
  async rows(jobId: string, args: ExportRowsArgs = {}): Promise<CommerceExportRowPage> {
    const signer = this.#loaders.authorize("asyncJob");
    const issues = new Issues();
    checkId(issues, "jobId", jobId);
    const size = pageSize(issues, args.first, EXPORT_ROWS.page, EXPORT_ROWS.defaultPage);
    const after = args.after ?? null;
    const offset = after === null || issues.list.length > 0 ? 0 : decodeExportRowCursor(issues, after, jobId);
    issues.throwIfAny();
    const start = offset ?? 0;

    let file = this.#files.get(jobId);
    if (!file) {
      const budget = this.#fileBudget;
      if (this.#files.size >= budget) {
        throw commerceInputError([
          {
            field: "rows",
            rule: "MAX_COUNT",
            message: `One request reads the rows of at most ${budget} exports; read the others in another request.`,
          },
        ]);
      }
      const { client } = this.#loaders;
      file = this.#loaders.call("getJobResult", signer, (s, o) => client.getJobResult(s, jobId, o)).then(toExportFile);
      this.#files.set(jobId, file);
    }
    const rows = await file;
    const nodes = rows.slice(start, start + size);
    const end = start + nodes.length;
    const hasNextPage = end < rows.length;
    return {
      jobId,
      nodes,
      offset: start,
      totalCount: rows.length,
      pageInfo: {
        hasNextPage,
        hasPreviousPage: start > 0,
        startCursor: after,
        // The cursor of the page's last row, as its edge carries it.
        endCursor: nodes.length > 0 ? encodeExportRowCursor(jobId, end) : null,
      },
    };
  }
}
