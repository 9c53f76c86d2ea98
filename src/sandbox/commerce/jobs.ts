/**
 * Asynchronous jobs (segment export, large segment unsubscribe). A job is `pending` for the first
 * half of its delay, `running` for the second and `completed` once the delay has passed on the
 * injectable clock. Jobs advance when `settle()` runs (before every request), so an effect is in
 * place before anyone can observe it, and fake clocks need no timers.
 */

/** The job kinds of docs/decisions.md ("Async jobs"). */
export type JobKind = "segments-export" | "segment-unsubscribe";

/** The job statuses of docs/decisions.md ("Async jobs"). */
export type JobStatus = "pending" | "running" | "completed" | "failed";

/** What a job's work produces. */
export interface JobOutcome {
  result: unknown;
  /** The export file, for segments-export. */
  csv?: string;
}

/** A job as the store keeps it. */
export interface Job {
  id: string;
  kind: JobKind;
  status: JobStatus;
  createdAt: Date;
  completedAt: Date | null;
  result: unknown;
  csv: string | null;
}

interface Entry {
  job: Job;
  work: () => JobOutcome;
}

export class JobQueue {
  private readonly entries = new Map<string, Entry>();
  private seq = 0;

  constructor(
    private readonly now: () => Date,
    private readonly delayMs: number,
    /** Called once per job as it completes or fails (the sandbox fires async-job/completed). */
    private readonly onFinished: (job: Job) => void = () => undefined,
  ) {}

  /** Registers a job whose `work` runs when it completes. */
  create(kind: JobKind, work: () => JobOutcome): Job {
    this.seq += 1;
    const job: Job = {
      id: `job_${String(this.seq).padStart(6, "0")}`,
      kind,
      status: "pending",
      createdAt: this.now(),
      completedAt: null,
      result: null,
      csv: null,
    };
    this.entries.set(job.id, { job, work });
    return job;
  }

  get(id: string): Job | undefined {
    return this.entries.get(id)?.job;
  }

  /** Moves every job along according to the clock. */
  settle(): void {
    const nowMs = this.now().getTime();
    for (const entry of this.entries.values()) {
      const { job } = entry;
      if (job.status !== "pending" && job.status !== "running") continue;
      const elapsed = nowMs - job.createdAt.getTime();
      if (elapsed >= this.delayMs) this.finish(entry);
      else if (elapsed >= this.delayMs / 2) job.status = "running";
    }
  }

  /** Finishes every unfinished job now, whatever the clock says. */
  completeAll(): void {
    for (const entry of this.entries.values()) {
      if (entry.job.status === "pending" || entry.job.status === "running") this.finish(entry);
    }
  }

  private finish({ job, work }: Entry): void {
    try {
      const outcome = work();
      job.result = outcome.result;
      job.csv = outcome.csv ?? null;
      job.status = "completed";
    } catch (error) {
      job.result = { error: error instanceof Error ? error.message : "job failed" };
      job.status = "failed";
    }
    job.completedAt = this.now();
    this.onFinished(job);
  }
}
