/**
 * The settings the emulator's services let their owner change, as `GET .../clickhouseSettings/schema` lists them: a
 * handful of real ClickHouse settings of different types, not the real API's list (which it does not publish). Each
 * setting's name, type and meaning are ClickHouse's own (the `name` and `type` columns of `system.settings`, from
 * `src/Core/Settings.cpp` and `src/Core/ServerSettings.cpp` of ClickHouse/ClickHouse); the warning and the deprecation
 * notice follow the OpenAPI's examples of those fields (ServiceClickhouseSettingSchemaEntry) in the emulator's words.
 */

export interface SettingSchemaEntry {
  readonly name: string;
  /** ClickHouse's type name, as `system.settings.type` shows it. */
  readonly type: string;
  readonly description: string;
  /** The values allowed, for an enumerated setting (integers, as the OpenAPI types them). */
  readonly enum?: readonly number[];
  readonly warning?: string;
  readonly deprecationNotice?: string;
  readonly example: string;
}

export const settingsCatalog: readonly SettingSchemaEntry[] = [
  {
    // The OpenAPI's own example setting (ServiceClickhouseSetting, ServiceClickhouseSettingWarning).
    name: "compatibility",
    type: "String",
    description: "Makes the server behave as the given earlier ClickHouse release does, setting by setting.",
    warning:
      "Changing the compatibility version changes the defaults of many settings at once; test your queries first.",
    example: "24.8",
  },
  {
    name: "max_memory_usage",
    type: "UInt64",
    description: "The most memory, in bytes, one query may use on a single server; 0 means no limit.",
    example: "10000000000",
  },
  {
    name: "distributed_ddl_task_timeout",
    type: "Int64",
    description:
      "How long, in seconds, an ON CLUSTER query waits for every replica to answer; a negative value waits forever.",
    example: "180",
  },
  {
    name: "join_use_nulls",
    type: "Bool",
    description:
      "Whether a JOIN fills the cells it has no match for with NULL instead of the type's default value.",
    example: "1",
  },
  {
    name: "max_execution_time",
    type: "Seconds",
    description: "The longest a query may run, in seconds; 0 means no limit.",
    example: "300",
  },
  {
    // ClickHouse's `enable_parallel_replicas` (formerly `allow_experimental_parallel_reading_from_replicas`): 0 off, 1
    // on and falling back when it cannot apply, 2 on and failing when it cannot.
    name: "enable_parallel_replicas",
    type: "UInt64",
    description: "Whether a SELECT reads with several replicas at once: 0 never, 1 when possible, 2 always.",
    enum: [0, 1, 2],
    example: "1",
  },
  {
    // A server setting: the OpenAPI's DELETE .../clickhouseSettings/{settingName} names it among those under
    // spec.extraConfig.server, whose change restarts the ClickHouse servers.
    name: "keep_alive_timeout",
    type: "Seconds",
    description: "How long, in seconds, the server keeps an idle HTTP connection open for the next request.",
    warning: "Changing this server setting restarts the service's ClickHouse servers one by one.",
    deprecationNotice: "This server setting may stop applying once services run on stateless workers.",
    example: "30",
  },
];
