/**
 * The refusal of DOCTYPE and entity declarations: a reply that declares either anywhere outside a
 * CDATA section is unsafe, whatever else is wrong with it (entities are never expanded, so none
 * may be declared).
 */

/**
 * The search for DOCTYPE or entity declarations outside CDATA sections, one forward scan that can
 * stop and go on: a CDATA section's end is searched for once, and once a search finds none no
 * later section is searched again, so a reply of unterminated `<![CDATA[` costs linear time.
 */
export class DeclarationScan {
  /** The next `<!` to look at; -1 when there is none. */
  #next: number;
  /** "]]>" occurs nowhere at or after this index (learned from a failed search). */
  #noCloseFrom = Infinity;

  constructor(private readonly xml: string) {
    this.#next = xml.indexOf("<!");
  }

  /** Where the scan stands: the next `<!` it looks at (-1 when done). */
  get next(): number {
    return this.#next;
  }

  /** True for a declaration, false when the document has none, undefined when `stop` came first. */
  run(stop: number): boolean | undefined {
    const xml = this.xml;
    let i = this.#next;
    while (i !== -1) {
      if (i >= stop) {
        this.#next = i;
        return undefined;
      }
      if (xml.startsWith("<![CDATA[", i)) {
        const close = i + 9 < this.#noCloseFrom ? xml.indexOf("]]>", i + 9) : -1;
        if (close !== -1) {
          i = xml.indexOf("<!", close + 3);
          continue;
        }
        this.#noCloseFrom = Math.min(this.#noCloseFrom, i + 9);
        // An unterminated section hides nothing: its text is scanned like the rest.
      } else if (isDeclaration(xml, i)) {
        this.#next = -1;
        return true;
      }
      i = xml.indexOf("<!", i + 2);
    }
    this.#next = -1;
    return false;
  }
}

/** True when the document declares a DOCTYPE or entities anywhere outside CDATA sections. */
export function declaresDoctype(xml: string): boolean {
  return new DeclarationScan(xml).run(Infinity) === true;
}

/** `<!DOCTYPE` or `<!ENTITY` (any case) at `lt`. */
export function isDeclaration(xml: string, lt: number): boolean {
  // Only a D or an E can start one: the rest is compared only then.
  const c = xml.charCodeAt(lt + 2) | 0x20;
  if (c === 0x64 /* d */) return startsWithIgnoringCase(xml, lt + 2, "DOCTYPE");
  return c === 0x65 /* e */ && startsWithIgnoringCase(xml, lt + 2, "ENTITY");
}

function startsWithIgnoringCase(text: string, at: number, upper: string): boolean {
  return text.length - at >= upper.length && text.slice(at, at + upper.length).toUpperCase() === upper;
}
