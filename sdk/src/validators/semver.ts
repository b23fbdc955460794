// SemVer 2.0.0 (https://semver.org), as the portal orders plugin versions: the server when it
// audits a switch of version as an upgrade or a roll back, the plugin list when it marks the
// versions newer than the active one.

/** major.minor.patch, a pre-release after `-`, build metadata after `+`. */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;
/** One dot-separated identifier of a pre-release: a number without leading zeros, or alphanumerics and `-`. */
const PRE_RELEASE_ID = /^(?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*)$/;
const NUMERIC = /^\d+$/;

/** The parts of a version: the three numbers and the pre-release identifiers, as digits and text. */
export interface SemverParts {
  core: string[];
  pre: string[];
  /** Whether it carries build metadata (dropped: it does not order). */
  build: boolean;
}

/** The parts of a SemVer 2.0.0 version, or null when it is not one. */
export function parseSemver(text: string): SemverParts | null {
  const match = SEMVER.exec(text);
  if (!match) return null;
  const pre = match[4] === undefined ? [] : match[4].split('.');
  if (!pre.every((id) => PRE_RELEASE_ID.test(id))) return null;
  return { core: [match[1], match[2], match[3]], pre, build: text.includes('+') };
}

/** Two numbers without leading zeros, as digits (no limit of size): the longer is the larger. */
function compareNumbers(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

/** Two pre-release identifiers: numbers numerically, before any alphanumeric one; those in ASCII order. */
function compareIdentifiers(a: string, b: string): number {
  if (NUMERIC.test(a) && NUMERIC.test(b)) return compareNumbers(a, b);
  if (NUMERIC.test(a) !== NUMERIC.test(b)) return NUMERIC.test(a) ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Orders two versions by SemVer 2.0.0 precedence: major, minor, patch numerically; a
 * pre-release before its release (`1.0.0-beta` < `1.0.0`); pre-releases identifier by
 * identifier (`beta.2` < `beta.10` < `beta.x`, `alpha` < `alpha.1`); build metadata ignored.
 * Texts that are not semver sort after every version, among themselves by their characters.
 */
export function compareVersions(a: string, b: string): number {
  const x = parseSemver(a);
  const y = parseSemver(b);
  if (!x || !y) return x ? -1 : y ? 1 : a < b ? -1 : a > b ? 1 : 0;
  for (let i = 0; i < 3; i += 1) {
    const order = compareNumbers(x.core[i], y.core[i]);
    if (order !== 0) return order;
  }
  if (x.pre.length === 0 || y.pre.length === 0) return x.pre.length === y.pre.length ? 0 : x.pre.length === 0 ? 1 : -1;
  for (let i = 0; i < Math.min(x.pre.length, y.pre.length); i += 1) {
    const order = compareIdentifiers(x.pre[i], y.pre[i]);
    if (order !== 0) return order;
  }
  return x.pre.length - y.pre.length;
}
