/**
 * Generated demo subscribers: names (some beyond ASCII, so round trips are exercised), addresses
 * on the reserved example domains, subscribe dates skewed towards the recent past, and states.
 */
import type { SubscriberState } from "./records.js";
import type { NewSubscriber } from "./store.js";
import type { Random } from "../random.js";

const FIRST = [
  "Olivia",
  "Liam",
  "Amélie",
  "Noah",
  "Zoë",
  "Mateo",
  "Chloé",
  "Søren",
  "Ingrid",
  "Łukasz",
  "Priya",
  "Kenji",
  "Fatima",
  "Diego",
  "Hannah",
  "Björn",
  "Aisha",
  "Tomás",
  "Mei",
  "Oscar",
  "Renée",
  "Yusuf",
  "Clara",
  "Nikolai",
  "Ana",
  "Felix",
  "Leila",
  "Marco",
  "Sofia",
  "Ethan",
];
const LAST = [
  "Smith",
  "García",
  "Müller",
  "Nguyen",
  "O'Brien",
  "Kowalski",
  "Rossi",
  "Tanaka",
  "Jensen",
  "Silva",
  "Dubois",
  "Novák",
  "Khan",
  "Andersson",
  "Papadopoulos",
  "Murphy",
  "Ivanova",
  "Chen",
  "Fernández",
  "Brown",
];
const DOMAINS = ["example.com", "example.org", "example.net"];
const DAY_MS = 86_400_000;

/** Mixes of states for generated lists: weights of Active, Unsubscribed, Deleted, Bounced, Unconfirmed. */
export type StateMix = readonly [
  active: number,
  unsubscribed: number,
  deleted: number,
  bounced: number,
  unconfirmed: number,
];
const STATES: readonly SubscriberState[] = ["Active", "Unsubscribed", "Deleted", "Bounced", "Unconfirmed"];

/** Letters without accents, for the local part of an address. */
function ascii(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[Łł]/g, "l")
    .replace(/[Øø]/g, "o")
    .replace(/[^A-Za-z]/g, "")
    .toLowerCase();
}

function pickState(random: Random, mix: StateMix): SubscriberState {
  const total = mix.reduce((a, b) => a + b, 0);
  let roll = random.next() * total;
  for (const [i, weight] of mix.entries()) {
    roll -= weight;
    if (roll < 0) return STATES.at(i) ?? "Active";
  }
  return "Active";
}

/** `count` generated subscribers; `tag` keeps addresses of different lists apart. */
export function generatePeople(random: Random, now: Date, count: number, tag: string, mix: StateMix): NewSubscriber[] {
  return Array.from({ length: count }, (_, i) => {
    const first = random.pick(FIRST);
    const last = random.pick(LAST);
    // Squaring skews dates towards now, so every statistics period has members.
    const ageMs = Math.floor(random.next() ** 2 * 400 * DAY_MS) + 10 * 60_000;
    const date = new Date(Math.floor((now.getTime() - ageMs) / 1000) * 1000);
    const state = pickState(random, mix);
    const stateDate =
      state === "Active" || state === "Unconfirmed"
        ? date
        : new Date(Math.floor((date.getTime() + random.next() * ageMs * 0.9) / 1000) * 1000);
    return {
      email: `${ascii(first)}.${ascii(last)}.${tag}${i + 1}@${random.pick(DOMAINS)}`,
      name: `${first} ${last}`,
      date,
      state,
      stateDate,
    };
  });
}
