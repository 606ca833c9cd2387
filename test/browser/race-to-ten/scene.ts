/** Race to ten's scene: a track of ten squares, the first `total` of them filled; the live table and the replay draw it. */
import { Graphics } from 'pixi.js';
import { FittedScene } from '../../../client/src/fitted-scene';

export class RaceScene extends FittedScene {
  protected readonly canvasId = 'race-canvas';
  private readonly track = new Graphics();
  private total = 0;

  protected build(): void {
    this.app.stage.addChild(this.track);
  }

  draw(total: number): void {
    this.total = total;
    this.layout();
  }

  protected layout(): void {
    const { width, height } = this.app.screen;
    const cell = Math.min(width / 10, height);
    const top = (height - cell) / 2;
    const left = (width - cell * 10) / 2;
    this.track.clear();
    for (let i = 0; i < 10; i++) {
      this.track.rect(left + i * cell + 2, top + 2, cell - 4, cell - 4).fill(i < this.total ? 0x2f7d5b : 0xd9d4c7);
    }
    // What the tests read: the total the canvas shows.
    this.app.canvas.dataset.total = String(this.total);
    this.requestRender();
  }
}
