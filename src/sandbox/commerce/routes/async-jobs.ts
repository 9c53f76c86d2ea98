/**
 * GET /async-jobs/{id} and GET /async-jobs/{id}/result (docs/decisions.md, "Async jobs").
 */
import { ApiError, notFound } from "../api-error.js";
import { baseUrlOf, type RouteRequest } from "../context.js";
import { json } from "../http-io.js";
import type { Job } from "../jobs.js";
import type { Route } from "./route.js";

function requireJob({ ctx, params }: RouteRequest): Job {
  const id = params.id ?? "";
  const job = ctx.jobs.get(id);
  if (!job) throw notFound(`no async job with id ${JSON.stringify(id)}`);
  return job;
}

const resultUrl = (request: RouteRequest, job: Job): string =>
  `${baseUrlOf(request)}/async-jobs/${encodeURIComponent(job.id)}/result`;

export const getJob: Route = {
  handle(request) {
    const job = requireJob(request);
    const done = job.status === "completed";
    // The export's URL is built per request so it names the origin the caller used.
    const result = done && job.kind === "segments-export" ? { url: resultUrl(request, job) } : job.result;
    return json({
      data: {
        id: job.id,
        kind: job.kind,
        status: job.status,
        createdAt: job.createdAt.toISOString(),
        completedAt: job.completedAt?.toISOString() ?? null,
        result: job.status === "pending" || job.status === "running" ? null : result,
      },
    });
  },
};

export const getJobResult: Route = {
  handle(request) {
    const job = requireJob(request);
    if (job.status !== "completed") {
      const why = job.status === "failed" ? "failed and has no result" : `is ${job.status}`;
      throw new ApiError(409, "job_not_ready", `job ${job.id} ${why}`);
    }
    if (job.csv !== null) {
      return {
        status: 200,
        text: job.csv,
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="${job.id}.csv"`,
        },
      };
    }
    return json({ data: job.result });
  },
};
