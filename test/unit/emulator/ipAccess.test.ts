import { expect } from "chai";
import { ipAccessListProblems, isAddressAllowed } from "../../../emulator/model/ipAccess";
import type { IpAccessEntry } from "../../../emulator/state/types";

const problem = (index: number, source: string) => ({
  property: `ipAccessList[${index}].source`,
  message: `must be an IPv4 or IPv6 address or CIDR range; got "${source}"`,
});

describe("API key IP access lists: which sources are valid and which addresses they allow", () => {
  it("accepts addresses and ranges of both families, IPv6 also in brackets", () => {
    const list = ["10.0.0.1", "10.0.0.0/8", "10.0.0.0/32", "2001:db8::1", "2001:db8::/64", "[2001:db8::1]"];
    expect(
      ipAccessListProblems(
        list.map((source) => ({ source })),
        "ipAccessList",
      ),
    ).to.deep.equal([]);
  });

  it("reports a source with two slashes, a prefix over the family's width or a prefix that is not a number", () => {
    const list = ["10.0.0.0/8/1", "10.0.0.0/33", "2001:db8::/129", "10.0.0.0/x8", "10.0.0.0/8x", "not-an-ip"];
    expect(
      ipAccessListProblems(
        list.map((source) => ({ source })),
        "ipAccessList",
      ),
    ).to.deep.equal([
      problem(0, "10.0.0.0/8/1"),
      problem(1, "10.0.0.0/33"),
      problem(2, "2001:db8::/129"),
      problem(3, "10.0.0.0/x8"),
      problem(4, "10.0.0.0/8x"),
      problem(5, "not-an-ip"),
    ]);
  });

  it("leaves entries that are not objects with a string source to the schema", () => {
    const list = [null, { source: 5 }] as unknown as IpAccessEntry[];
    expect(ipAccessListProblems(list, "ipAccessList")).to.deep.equal([]);
  });

  it("allows addresses inside a range, not just the range's first address", () => {
    expect(isAddressAllowed([{ source: "10.0.0.0/8" }], "10.1.2.3")).to.equal(true);
    expect(isAddressAllowed([{ source: "10.0.0.0/8" }], "11.1.2.3")).to.equal(false);
  });

  it("allows IPv6 addresses by IPv6 rules", () => {
    expect(isAddressAllowed([{ source: "2001:db8::/32" }], "2001:db8::1")).to.equal(true);
    expect(isAddressAllowed([{ source: "[2001:db8::1]" }], "2001:db8::1")).to.equal(true);
  });

  it("allows an IPv4-mapped IPv6 address by IPv4 rules, but not an IPv6 address that only contains one", () => {
    expect(isAddressAllowed([{ source: "10.20.30.0/24" }], "::ffff:10.20.30.40")).to.equal(true);
    expect(isAddressAllowed([{ source: "10.0.0.0/8" }], "1::ffff:10.1.2.3")).to.equal(false);
  });

  it("skips invalid entries and still applies the valid ones", () => {
    expect(isAddressAllowed([{ source: "not-an-ip" }, { source: "10.0.0.1" }], "10.0.0.1")).to.equal(true);
  });

  it("an empty list allows every address", () => {
    expect(isAddressAllowed([], "192.0.2.1")).to.equal(true);
  });
});
