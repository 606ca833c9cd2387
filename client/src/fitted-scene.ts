/**
 * The one base of every table's Pixi scene: a canvas that fills its container and follows its
 * size (fit-canvas.ts), drawn on demand rather than by a running ticker (render-on-demand.ts),
 * laid out again whenever its size changes, and destroyed whole with the view. A scene brings
 * its layers and input (`build`) and its drawing (`layout`); `mount` and `destroy` are these.
 */
import { Application } from 'pixi.js';
import { containerSize, fitToContainer } from './fit-canvas';
import { renderOnDemand } from './render-on-demand';

/** What a view mounts and destroys (the table kit, replays). */
export interface Scene {
  mount(container: HTMLElement): Promise<void>;
  destroy(): void;
}

export abstract class FittedScene implements Scene {
  protected readonly app = new Application();
  /** Asks for one render on the next frame, however often it is called before it. */
  protected readonly requestRender = renderOnDemand(this.app);
  private unfit: () => void = () => undefined;
  private readonly life = new AbortController();
  /**
   * The options of every DOM listener a scene adds to its container: they end with the scene.
   * The focused board's `blur` fires as the view is emptied, after the scene is destroyed, and
   * drawing then on a destroyed stage threw a page error.
   */
  protected readonly untilDestroyed: AddEventListenerOptions = { signal: this.life.signal };

  /** The canvas element's id (tests and styles find it by it). */
  protected abstract readonly canvasId: string;
  /** Adds the scene's layers to the stage and its input handlers, once the canvas exists. */
  protected abstract build(container: HTMLElement): void;
  /** Lays the scene out for the canvas's current size and draws it. */
  protected abstract layout(): void;

  async mount(container: HTMLElement): Promise<void> {
    await this.app.init({
      ...containerSize(container),
      antialias: true,
      autoDensity: true,
      resolution: Math.max(1, window.devicePixelRatio || 1),
      backgroundAlpha: 0,
      // A table changes only on a move or a hover: drawn on demand instead of 60 times a second
      // (a continuous ticker starved the CPU with several tables open).
      autoStart: false,
    });
    this.app.ticker.stop();
    this.app.canvas.id = this.canvasId;
    container.append(this.app.canvas);
    this.app.stage.eventMode = 'static';
    this.build(container);
    this.app.renderer.on('resize', () => this.layout());
    this.unfit = fitToContainer(this.app, container);
    this.layout();
  }

  destroy(): void {
    this.life.abort();
    this.unfit();
    this.app.destroy(true, { children: true });
  }
}

/** A scene of one picture, which its view hands it whole at each change (`draw`) and it lays out and draws. */
export abstract class PictureScene<P> extends FittedScene {
  /** What is drawn: the last picture handed to `draw`, or where the scene starts. */
  protected abstract picture: P;

  draw(picture: P): void {
    this.picture = picture;
    this.layout();
  }
}
