/**
 * The replay page's frame, the same for every game: the scene's stage (sized like a table's
 * board: client/src/style.css `.board-wrap`, beside the panel, above it on a phone) and the
 * panel with who played, the result, the date, the ranked match, and the Copy link button.
 * A scene adds its step controls to `side`.
 */
import { h, toast } from '../dom';
import { nameOfSeat, type FinishedGame } from './finished-game';
import type { Scene } from '../fitted-scene';
import { stepControls, type StepControls, type StepControlsOptions } from './step-controls';
import './replay.css';

export interface ReplayFrameOptions {
  /** The game's name, e.g. "Gomoku". */
  title: string;
  /** A note after a player's name, e.g. their colour ("Black"). */
  note?(seat: number): string;
  /** Words for the way the game ended (`game.reason`), e.g. "five in a row"; undefined: the common words below. */
  reason?(reason: string): string | undefined;
}

/** The forfeits every turn game names alike (shared/core/turn-game.ts), for a game that gives no words of its own. */
const REASONS: Record<string, string> = { resigned: 'by resignation', time: 'on time', left: 'the other player left' };

export function resultText(game: FinishedGame, reason: (r: string) => string | undefined = () => undefined): string {
  if (game.winner === 'draw') return 'Drawn';
  if (!game.winner?.length) return 'No winner';
  const names = game.winner.map((seat) => nameOfSeat(game, seat)).join(' and ');
  const how = reason(game.reason) ?? REASONS[game.reason] ?? game.reason.replace(/_/g, ' ');
  return `${names} won${how ? ` (${how})` : ''}`;
}

export function replayFrame(view: HTMLElement, game: FinishedGame, options: ReplayFrameOptions): { stage: HTMLElement; side: HTMLElement } {
  const stage = h('div', { id: 'replay-stage', class: 'board-wrap' });
  const link = `${location.origin}/#/replay/${game.id}`;
  const copy = h('button', { id: 'replay-copy', type: 'button', class: 'primary' }, 'Copy link');
  const linkField = h('input', { id: 'replay-url', readonly: true, value: link, 'aria-label': 'Link to this replay' });
  copy.addEventListener('click', () => void copyLink(link, linkField));
  linkField.addEventListener('focus', () => linkField.select());
  const players = game.players.map((p) => {
    const note = [options.note?.(p.seat), p.bot && !/\bbot\)$/.test(p.name) ? 'computer' : ''].filter(Boolean).join(', ');
    return `${p.name}${note ? ` (${note})` : ''}`;
  });
  const side = h('aside', { class: 'side replay-side' },
    h('h2', { class: 'replay-title' }, `${options.title} · replay`),
    h('p', { id: 'replay-players', class: 'replay-players' }, players.join(' vs ')),
    h('p', { id: 'replay-result', class: 'replay-result' }, resultText(game, (r) => options.reason?.(r))),
    h('p', { id: 'replay-date', class: 'muted' }, `Played ${new Date(game.endedAt).toLocaleString()}`,
      game.ranked ? ' · ' : '',
      game.ranked ? h('a', { href: `/api/matches/${encodeURIComponent(game.ranked.matchId)}?format=text`, target: '_blank' }, `ranked match, game ${game.ranked.game}`) : null));
  // The scene's controls go between the summary and the share row.
  const slot = h('div', { class: 'replay-slot' });
  side.append(slot, h('div', { class: 'replay-share' },
    h('div', { class: 'replay-share-row' }, copy, h('a', { class: 'button', href: '#/' }, 'Lobby')),
    linkField));
  view.append(h('section', { class: 'table replay', id: 'replay' }, stage, side));
  return { stage, side: slot };
}

async function copyLink(link: string, field: HTMLInputElement): Promise<void> {
  try {
    await navigator.clipboard.writeText(link);
  } catch {
    // No clipboard permission (an insecure origin, an old browser): copy from the selected field.
    field.select();
    if (!document.execCommand('copy')) return toast('Copy the link from the field below', 'info');
  }
  toast('Link copied', 'info', 2000);
}

/** A scene's canvas: Pixi's start-up is asynchronous, and the page may be left before it ends. */
export interface SceneRenderer<P> extends Scene {
  draw(picture: P): void;
}

/**
 * Mounts `renderer` in `stage` and draws `picture()` once it is up, and at each `redraw()`
 * after that; `unmount()` destroys it, whether the mount has finished yet or not.
 */
export function mountScene<P>(renderer: SceneRenderer<P>, stage: HTMLElement, picture: () => P): { redraw(): void; unmount(): void } {
  let mounted = false;
  let left = false;
  void renderer.mount(stage).then(() => {
    if (left) return renderer.destroy();
    mounted = true;
    renderer.draw(picture());
  });
  return {
    redraw: () => mounted && renderer.draw(picture()),
    unmount: () => {
      left = true;
      if (mounted) renderer.destroy();
    },
  };
}

/** A replay's scene stepped by the shared controls (step-controls.ts). */
export interface SteppedScene {
  readonly controls: StepControls;
  /** The step shown. */
  step(): number;
  redraw(): void;
  /** Ends the controls (their keys) and the scene. */
  close(): void;
}

/**
 * Mounts `renderer` in `stage` drawing `pictureAt(k)` for the step the shared controls show
 * (`options` as for `stepControls`; `onStep` runs before each redraw: Gomoku's analysis follows
 * the step). The caller places `controls.element` and calls `close()` when the page goes.
 */
export function steppedScene<P>(renderer: SceneRenderer<P>, stage: HTMLElement, pictureAt: (k: number) => P, options: Omit<StepControlsOptions, 'show'> & { onStep?(k: number): void }): SteppedScene {
  let shown = options.initial ?? options.count;
  const scene = mountScene(renderer, stage, () => pictureAt(shown));
  const controls = stepControls({
    ...options,
    show: (k) => {
      shown = k;
      options.onStep?.(k);
      scene.redraw();
    },
  });
  return {
    controls,
    step: () => shown,
    redraw: scene.redraw,
    close: () => {
      controls.destroy();
      scene.unmount();
    },
  };
}
