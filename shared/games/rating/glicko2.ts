/**
 * Glicko-2 (Glickman, "Example of the Glicko-2 system"), with the parameters Lichess uses
 * (RULES-RESEARCH.md §4): every game is its own rating period holding one result, so one
 * game's update never touches anyone else. Pure and deterministic.
 */

export interface Rating {
  rating: number;
  /** Rating deviation. */
  rd: number;
  /** Volatility. */
  vol: number;
}

export interface GlickoParams {
  tau: number;
  minRd: number;
  maxRd: number;
  maxVol: number;
  minRating: number;
  maxRating: number;
}

/** Lichess: tau 0.75, RD clamped to [45, 500], volatility capped at 0.1, ratings within [400, 4000]. */
export const LICHESS: GlickoParams = { tau: 0.75, minRd: 45, maxRd: 500, maxVol: 0.1, minRating: 400, maxRating: 4000 };

/** A new player on Lichess: 1500 / RD 500 / volatility 0.09. */
export const NEW_PLAYER: Rating = { rating: 1500, rd: 500, vol: 0.09 };

/** Provisional while RD ≥ 110 (Lichess shows it as "1500?"). */
export const PROVISIONAL_RD = 110;

export type Score = 0 | 0.5 | 1;

const SCALE = 173.7178;
const EPSILON = 0.000001;

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/** One rating period for `player` against `results` (opponent ratings as they were before it). */
export function rate(player: Rating, results: { opponent: Rating; score: Score }[], params: GlickoParams = LICHESS): Rating {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  if (results.length === 0) return clamp({ rating: player.rating, rd: Math.sqrt(phi * phi + player.vol * player.vol) * SCALE, vol: player.vol }, params);

  let vInverse = 0;
  let sum = 0;
  for (const { opponent, score } of results) {
    const muJ = (opponent.rating - 1500) / SCALE;
    const phiJ = opponent.rd / SCALE;
    const e = expected(mu, muJ, phiJ);
    vInverse += g(phiJ) ** 2 * e * (1 - e);
    sum += g(phiJ) * (score - e);
  }
  const v = 1 / vInverse;
  const delta = v * sum;
  const vol = newVolatility(phi, player.vol, v, delta, params.tau);
  const phiStar = Math.sqrt(phi * phi + vol * vol);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return clamp({ rating: muNew * SCALE + 1500, rd: phiNew * SCALE, vol }, params);
}

/** Step 5: the new volatility by the Illinois algorithm. */
function newVolatility(phi: number, sigma: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

function clamp(r: Rating, p: GlickoParams): Rating {
  return {
    rating: Math.min(p.maxRating, Math.max(p.minRating, r.rating)),
    rd: Math.min(p.maxRd, Math.max(p.minRd, r.rd)),
    vol: Math.min(p.maxVol, r.vol),
  };
}

/** One game between a and b, `scoreA` from a's side: both new ratings, each from the other's old one. */
export function rateGame(a: Rating, b: Rating, scoreA: Score, params: GlickoParams = LICHESS): [Rating, Rating] {
  return [rate(a, [{ opponent: b, score: scoreA }], params), rate(b, [{ opponent: a, score: (1 - scoreA) as Score }], params)];
}

export function isProvisional(r: Pick<Rating, 'rd'>): boolean {
  return r.rd >= PROVISIONAL_RD;
}

/** "1500" or, while provisional, "1500?". */
export function displayRating(r: Pick<Rating, 'rating' | 'rd'>): string {
  return `${Math.round(r.rating)}${isProvisional(r) ? '?' : ''}`;
}
