/**
 * Errors of the legacy client. Each failure kind is its own class with a stable string `code`
 * (as undici's errors do), so callers switch on `code` and never parse messages.
 * No message ever contains the API key: build messages from operation names and codes only.
 */

export type LegacyErrorCode =
  | "LEGACY_RESULT" // the service answered with a non-zero Result code
  | "LEGACY_INVALID_INPUT" // refused before sending (forbidden XML characters, missing parameter)
  | "LEGACY_SOAP_FAULT" // a SOAP Fault envelope
  | "LEGACY_HTTP_STATUS" // a non-200 status without a SOAP Fault (ASMX 400/500 for GET/POST)
  | "LEGACY_MALFORMED_REPLY" // not well-formed XML, or not the shape the catalog expects
  | "LEGACY_HTML_REPLY" // an HTML page (proxy or server error page) instead of XML
  | "LEGACY_EMPTY_REPLY" // an empty body
  | "LEGACY_REPLY_TOO_LARGE" // the body exceeded the configured size cap
  | "LEGACY_UNSAFE_XML" // DOCTYPE / entity declarations, nesting or attributes beyond their bounds
  | "LEGACY_TIMEOUT" // connect, headers or body timeout, or the call's deadline
  | "LEGACY_ABORTED" // the caller's signal fired (the request went away): not the service's fault
  | "LEGACY_BUSY" // a large reply refused a place among those waiting to be read (this process is busy)
  | "LEGACY_UNAVAILABLE"; // connection refused, reset, DNS failure

/** Base of every legacy client error. */
export class LegacyError extends Error {
  readonly code: LegacyErrorCode;
  readonly operation: string;
  constructor(code: LegacyErrorCode, operation: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
    this.operation = operation;
  }
}

/** A non-zero Result code: a domain outcome the service reports (spec: Errors). */
export class LegacyResultError extends LegacyError {
  readonly resultCode: number;
  readonly resultMessage: string;
  constructor(operation: string, resultCode: number, resultMessage: string) {
    super("LEGACY_RESULT", operation, `${operation} failed with code ${resultCode}: ${resultMessage}`);
    this.resultCode = resultCode;
    this.resultMessage = resultMessage;
  }
}

/** Input that cannot be sent (checked before any request). `field` names the parameter. */
export class LegacyInputError extends LegacyError {
  readonly field: string;
  readonly rule: string;
  constructor(operation: string, field: string, rule: string) {
    super("LEGACY_INVALID_INPUT", operation, `${operation}: parameter ${field} ${rule}`);
    this.field = field;
    this.rule = rule;
  }
}

/** A SOAP 1.1 Fault. */
export class LegacySoapFaultError extends LegacyError {
  readonly faultCode: string;
  readonly faultString: string;
  constructor(
    operation: string,
    faultCode: string,
    faultString: string,
    readonly status: number,
  ) {
    super("LEGACY_SOAP_FAULT", operation, `${operation}: SOAP Fault ${faultCode}: ${faultString}`);
    this.faultCode = faultCode;
    this.faultString = faultString;
  }
}

/** Transport-level failures: timeouts, refused connections, bad replies. */
export class LegacyTransportError extends LegacyError {
  readonly status: number | undefined;
  constructor(
    code: Exclude<LegacyErrorCode, "LEGACY_RESULT" | "LEGACY_INVALID_INPUT" | "LEGACY_SOAP_FAULT">,
    operation: string,
    message: string,
    options: { status?: number; cause?: unknown } = {},
  ) {
    super(code, operation, message, { cause: options.cause });
    this.status = options.status;
  }
}
