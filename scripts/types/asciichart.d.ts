// asciichart ships no type declarations; these cover the one call the demo makes.
declare module "asciichart" {
  export interface PlotConfig {
    height?: number;
    offset?: number;
    padding?: string;
    format?: (value: number, index: number) => string;
  }
  export function plot(series: number[] | number[][], config?: PlotConfig): string;
}
