/**
 * How a pipe's inputs compare with the pipe as the API shows it: only what the program sets, lists of named things in
 * any order, and an item only the API has as a difference.
 */
import { expect } from "chai";
import { destinationReplaces, hasWanted, sourceChange } from "../../../provider/resources/clickPipe/compare";

describe("ClickPipe comparisons", () => {
  it("takes what the API filled in as no difference, and a value the program set otherwise as one", () => {
    const shown = { type: "msk", topics: "orders", consumerGroup: "clickpipes-1" };
    expect(hasWanted(shown, { type: "msk", topics: "orders" })).to.equal(true);
    expect(hasWanted(shown, { type: "msk", topics: "orders", consumerGroup: "mine" })).to.equal(false);
  });

  it("compares lists of names in any order", () => {
    const ids = ["8c4e0f3a-0000-4000-8000-000000000002", "8c4e0f3a-0000-4000-8000-000000000001"];
    expect(hasWanted(ids, [...ids].reverse(), "reversePrivateEndpointIds")).to.equal(true);
    expect(hasWanted(["a", "b"], ["b", "a"], "excludedColumns")).to.equal(true);
    expect(hasWanted(["a", "b"], ["a", "c"], "excludedColumns")).to.equal(false);
  });

  it("matches columns by name and tables by source table, in any order, and counts one only the API has", () => {
    const columns = [
      { name: "id", type: "UInt64" },
      { name: "total", type: "Float64" },
    ];
    expect(hasWanted(columns, [...columns].reverse(), "columns")).to.equal(true);
    expect(hasWanted(columns, [columns[0]], "columns")).to.equal(false);
    expect(hasWanted(columns, [{ name: "id", type: "String" }, columns[1]], "columns")).to.equal(false);
    const tables = [
      {
        sourceSchemaName: "public",
        sourceTable: "orders",
        targetTable: "orders",
        tableEngine: "ReplacingMergeTree",
      },
      { sourceSchemaName: "public", sourceTable: "users", targetTable: "users" },
    ];
    const wanted = [
      { sourceSchemaName: "public", sourceTable: "users", targetTable: "users" },
      { sourceSchemaName: "public", sourceTable: "orders", targetTable: "orders" },
    ];
    expect(hasWanted(tables, wanted, "tableMappings")).to.equal(true);
    const collections = [{ sourceDatabaseName: "app", sourceCollection: "users", targetTable: "app_users" }];
    expect(hasWanted(collections, [{ ...collections[0] }], "tableMappings")).to.equal(true);
    expect(
      hasWanted(
        collections,
        [{ sourceDatabaseName: "app", sourceCollection: "orders", targetTable: "app_users" }],
        "tableMappings",
      ),
    ).to.equal(false);
  });

  it("tells a source change the API makes in place from one that replaces the pipe", () => {
    const shown = { kafka: { type: "msk", brokers: "b:9096", topics: "t", authentication: "SCRAM-SHA-512" } };
    expect(sourceChange(shown, { kafka: { ...shown.kafka, authentication: "IAM_ROLE" } })).to.deep.equal({
      differing: ["authentication"],
      inPlace: true,
    });
    expect(sourceChange(shown, { kafka: { ...shown.kafka, topics: "u" } })).to.deep.equal({
      differing: ["topics"],
      inPlace: false,
    });
    expect(sourceChange(shown, { postgres: { host: "h" } }).inPlace).to.equal(false);
    const postgres = { postgres: { host: "h", settings: { syncIntervalSeconds: 60, publicationName: "p" } } };
    expect(
      sourceChange(postgres, { postgres: { host: "h", settings: { syncIntervalSeconds: 30 } } }).inPlace,
    ).to.equal(true);
    expect(
      sourceChange(postgres, { postgres: { host: "h", settings: { publicationName: "q" } } }).inPlace,
    ).to.equal(false);
    expect(
      sourceChange(
        { bigquery: { snapshotStagingPath: "gs://a/" } },
        { bigquery: { snapshotStagingPath: "gs://b/" } },
      ).inPlace,
    ).to.equal(false);
  });

  it("replaces the pipe for another table or database, not for its columns, and never for roles the API does not show", () => {
    const shown = { database: "default", table: "orders", columns: [{ name: "id", type: "UInt64" }] };
    expect(destinationReplaces(shown, { ...shown, columns: [{ name: "id", type: "Int64" }] })).to.equal(
      false,
    );
    expect(destinationReplaces(shown, { ...shown, table: "orders_v2" })).to.equal(true);
    expect(destinationReplaces(shown, { ...shown, roles: ["writer"] })).to.equal(false);
  });
});
