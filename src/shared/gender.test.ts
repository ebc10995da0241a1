import { describe, expect, it } from "vitest";
import { agree, genderContext } from "./gender";

describe("gendered words", () => {
  const forms = { masculine: "aposentado", feminine: "aposentada", neutral: "com aposentadoria" };
  it("follow the person's gender when the profile gives it, and are neutral otherwise", () => {
    expect(agree("feminino", forms)).toBe("aposentada");
    expect(agree("masculino", forms)).toBe("aposentado");
    expect(agree("nao_informado", forms)).toBe("com aposentadoria");
    expect(agree(undefined, forms)).toBe("com aposentadoria");
    expect(genderContext("nao_informado")).toBeUndefined();
    expect(genderContext("feminino")).toBe("feminino");
  });
});
