/**
 * The synthetic values of the emulator's chart series: each series has a level between 10 and 1000 of its own,
 * a daily wave of ±25 % that peaks at an hour of its own, and ±7.5 % of noise; every part of the definition
 * makes another series; counts are integers and other aggregations keep three decimals.
 */
import { expect } from "chai";
import { granularityStepMs, seriesRows } from "../../../emulator/model/seriesValues";
import type { SeriesDefinition } from "../../../emulator/model/series";

const hour = 3_600_000;
const day = 24 * hour;
/** A day starting at midnight UTC. */
const dayStart = Date.UTC(2025, 2, 4);

const definition: SeriesDefinition = {
  sourceId: "65f5e4a3b9e77c001a123456",
  aggFn: "avg",
  field: "duration",
  where: "",
  whereLanguage: "lucene",
  groupBy: [],
  metricName: "http.requests",
  metricDataType: "sum",
};

/** Hourly values of one series over `days` days from dayStart. */
function hourly(series: SeriesDefinition, days = 1): number[] {
  const rows = seriesRows(
    {
      series: [series],
      startTime: dayStart,
      endTime: dayStart + days * day,
      granularity: "1h",
    },
    { quoteCounts: false },
  ) as Array<Record<string, number>>;
  return rows.map((row) => row["series_0.data"]);
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
/** Fifty series that differ only by their filter. */
const fifty = Array.from({ length: 50 }, (_, index) => ({ ...definition, where: `service:api-${index}` }));

describe("emulator: synthetic series values", () => {
  it("every part of a definition makes another series", () => {
    const changes: Partial<SeriesDefinition>[] = [
      { sourceId: "65f5e4a3b9e77c001a654321" },
      { aggFn: "max" },
      { field: "size" },
      { where: "level:error" },
      { whereLanguage: "sql" },
      { metricName: "http.errors" },
      { metricDataType: "gauge" },
    ];
    const base = hourly(definition);
    for (const change of changes) {
      expect(hourly({ ...definition, ...change }), JSON.stringify(change)).to.not.deep.equal(base);
    }
  });

  it("reads a series without whereLanguage as lucene, the API's default: the values of lucene, not of sql", () => {
    const { whereLanguage: _lucene, ...unstated } = definition;
    expect(hourly(unstated)).to.deep.equal(hourly(definition));
    expect(hourly(unstated)).to.not.deep.equal(hourly({ ...definition, whereLanguage: "sql" }));
  });

  it("each series has its own level between 10 and 1000: a day's mean is the level within the noise", () => {
    // A full day's wave averages to nothing over 24 hourly samples, so the mean is the level ± 7.5 %.
    const means = fifty.map((series) => mean(hourly(series)));
    for (const value of means) expect(value).to.be.within(10 * 0.925, 1000 * 1.075);
    expect(Math.max(...means)).to.be.above(500);
    expect(Math.min(...means)).to.be.below(200);
  });

  it("rises and falls once a day by about a quarter, and the same hour of the next day is the same within the noise", () => {
    for (const series of fifty) {
      const values = hourly(series, 2);
      const level = mean(values);
      const today = values.slice(0, 24);
      const tomorrow = values.slice(24);
      // Wave ±25 % of the level, noise ±7.5 %: the highest hour is at least 17.5 % above, the lowest as far below.
      expect(Math.max(...today) / level, series.where).to.be.at.least(1.17);
      expect(Math.min(...today) / level, series.where).to.be.at.most(0.83);
      // ... and never further than the wave and the noise together reach.
      expect(Math.max(...values) / level, series.where).to.be.at.most(1.36);
      expect(Math.min(...values) / level, series.where).to.be.at.least(0.64);
      today.forEach((value, hourOfDay) => {
        // Only the noise differs: at most 15 % of the level (and the level's own 7.5 % of noise in `level`).
        expect(
          Math.abs(tomorrow[hourOfDay] - value) / level,
          `${series.where} at ${hourOfDay} h`,
        ).to.be.at.most(0.17);
      });
    }
  });

  it("peaks at a different hour for different series, over the whole day", () => {
    const peakHours = fifty.map((series) => {
      const values = hourly(series);
      return values.indexOf(Math.max(...values));
    });
    expect(peakHours.some((peak) => peak < 6)).to.equal(true);
    expect(peakHours.some((peak) => peak >= 12 && peak < 18)).to.equal(true);
    expect(peakHours.some((peak) => peak >= 18)).to.equal(true);
  });

  it("a level scales a quantile only", () => {
    const average = hourly({ ...definition, aggFn: "avg" });
    expect(hourly({ ...definition, aggFn: "avg", level: 0.9 })).to.deep.equal(average);
    expect(hourly({ ...definition, aggFn: "quantile", level: 0.9 })).to.not.deep.equal(
      hourly({ ...definition, aggFn: "quantile", level: 0.5 }),
    );
  });

  it("counts are integers; other aggregations keep at most three decimals, and use them", () => {
    const counts = hourly({ ...definition, aggFn: "count" });
    expect(counts.every(Number.isInteger)).to.equal(true);
    const averages = hourly(definition);
    for (const value of averages) expect(Math.abs(value * 1000 - Math.round(value * 1000))).to.be.below(1e-6);
    expect(averages.some((value) => !Number.isInteger(value))).to.equal(true);
  });
});

describe("emulator: auto granularity over a long range", () => {
  it("is 30 days when no step gives at most 60 buckets", () => {
    const sixYears = 6 * 365 * day;
    expect(granularityStepMs({ startTime: dayStart, endTime: dayStart + sixYears })).to.equal(2_592_000_000);
  });
});
