/**
 * Every request that named a catalog operation, failed or not, so tests and benchmarks can
 * assert exact backend call counts. The API key is never recorded.
 */

/** One recorded request. */
export interface LegacyCall {
  operation: string;
  transport: "soap" | "get" | "post";
  params: Record<string, unknown>;
}

/** The calls a sandbox received. */
export interface CallLog {
  count(operation: string): number;
  total(): number;
  entries(): LegacyCall[];
  reset(): void;
}

/** A CallLog plus the method the request handler records with. */
export interface RecordingCallLog extends CallLog {
  record(call: LegacyCall): void;
  /** `{ total, byOperation }`, the body of GET /__sandbox/calls. */
  summary(): { total: number; byOperation: Record<string, number> };
}

export function createCallLog(): RecordingCallLog {
  let calls: LegacyCall[] = [];
  return {
    record(call) {
      const { ApiKey: _omitted, ...params } = call.params;
      calls.push({ ...call, params });
    },
    count: (operation) => calls.filter((c) => c.operation === operation).length,
    total: () => calls.length,
    entries: () => calls.map((c) => ({ ...c, params: { ...c.params } })),
    reset() {
      calls = [];
    },
    summary() {
      const byOperation: Record<string, number> = {};
      for (const c of calls) byOperation[c.operation] = (byOperation[c.operation] ?? 0) + 1;
      return { total: calls.length, byOperation };
    },
  };
}
