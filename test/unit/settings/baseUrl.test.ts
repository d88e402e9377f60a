import { expect } from "chai";
import { BaseUrlError, checkBaseUrl, isLoopbackHost } from "../../../provider/settings/baseUrl";
import { ManagementClient } from "../../../provider/rest/management";
import { ObservabilityClient } from "../../../provider/rest/observability";

describe("base URL rule", () => {
  it("recognizes loopback hosts: 127.0.0.0/8, localhost and ::1, and nothing else", () => {
    for (const host of ["127.0.0.1", "127.1.2.3", "localhost", "LOCALHOST", "[::1]", "::1", "localhost."]) {
      expect(isLoopbackHost(host), host).to.equal(true);
    }
    for (const host of [
      "128.0.0.1",
      "10.0.0.1",
      "localhost.example.com",
      "[::2]",
      "127.example.com",
      "0.0.0.0",
      "api.localhost",
      "anything.localhost",
      "evil.localhost.",
    ]) {
      expect(isLoopbackHost(host), host).to.equal(false);
    }
  });

  it("accepts https anywhere and http only to loopback", () => {
    expect(checkBaseUrl("https://api.example.com/", "x:apiUrl")).to.equal("https://api.example.com");
    expect(checkBaseUrl("https://api.example.com/prefix/", "x:apiUrl")).to.equal(
      "https://api.example.com/prefix",
    );
    expect(checkBaseUrl("http://127.0.0.1:4000", "x:apiUrl")).to.equal("http://127.0.0.1:4000");
    expect(checkBaseUrl("http://localhost:4000", "x:apiUrl")).to.equal("http://localhost:4000");
    expect(checkBaseUrl("http://[::1]:4000", "x:apiUrl")).to.equal("http://[::1]:4000");
  });

  it("refuses plain http to other hosts, other schemes, user info and nonsense, naming the setting", () => {
    const refused = [
      "http://api.example.com",
      "http://10.1.2.3:8080",
      "http://anything.localhost:4000",
      "ftp://api.example.com",
      "https://user:pass@api.example.com",
      "https://api.example.com/?token=x",
      "not a url",
    ];
    for (const url of refused) {
      expect(() => checkBaseUrl(url, "clickhouse:apiUrl"), url)
        .to.throw(BaseUrlError)
        .with.property("message")
        .that.contains("clickhouse:apiUrl");
    }
  });

  it("refuses an http base URL when the client is created, before any connection", () => {
    const management = { apiUrl: "http://api.example.com", tokenKey: "k", tokenSecret: "s3cret-value" };
    expect(() => new ManagementClient(management)).to.throw(BaseUrlError, /clickhouse:apiUrl/);
    const observability = { apiUrl: "http://192.0.2.1", apiToken: "t0ken-value" };
    expect(() => new ObservabilityClient(observability)).to.throw(BaseUrlError, /observability:apiUrl/);
  });
});
