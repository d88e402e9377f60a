/** ClickHouse settings as programs give them and the API reports them: name to value, every value a string. */
export type ClickHouseSettingValues = Record<string, string>;
