// New passwords the Worker refuses beyond their length (decision 029).
import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS } from "~/lib/common-passwords.server";
import { passwordProblem } from "~/lib/password-policy.server";
import { SignUpSchema } from "~/lib/member-schemas";

describe("passwordProblem", () => {
  it("refuses common leaked passwords whatever their case", () => {
    for (const common of ["password123", "Password123", "1234567890", "qwertyuiop", "ILOVEYOU123"]) {
      expect(passwordProblem(common, {}), common).toBe("common");
    }
  });

  it("refuses the account's email address, its local part and the public name", () => {
    const personal = { email: "Rosa.Example@example.org", publicName: "rosa-luxembourg" };
    expect(passwordProblem("rosa.example@example.org", personal)).toBe("personal");
    expect(passwordProblem("ROSA.EXAMPLE", personal)).toBe("personal");
    expect(passwordProblem("Rosa-Luxembourg", personal)).toBe("personal");
    expect(passwordProblem("red flags over the harbour", personal)).toBeNull();
  });

  it("keeps only entries the length rule does not already refuse", () => {
    const entries = COMMON_PASSWORDS;
    expect(entries.length).toBeGreaterThan(1000);
    expect(entries.every((entry) => [...entry].length >= 10 && entry === entry.toLowerCase())).toBe(true);
  });

  it("the shared schema asks for 10 characters, with the same message in the browser and the Worker", () => {
    const result = SignUpSchema.safeParse({ email: "a@example.org", password: "123456", publicName: "someone" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain("errors.weakPassword.length");
  });
});
