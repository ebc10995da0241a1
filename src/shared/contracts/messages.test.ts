import { describe, expect, it } from "vitest";
import { linkify, messageInput } from "./messages";

describe("messages", () => {
  it("turns only http(s) links into links, leaving trailing punctuation and anything else as text", () => {
    expect(linkify("Veja https://exemplo.com.br/planta?x=1, e javascript:alert(1) <b>oi</b>.")).toEqual([
      { at: 0, text: "Veja " },
      { at: 5, text: "https://exemplo.com.br/planta?x=1", href: "https://exemplo.com.br/planta?x=1" },
      { at: 38, text: ", e javascript:alert(1) <b>oi</b>." },
    ]);
    expect(linkify("sem links")).toEqual([{ at: 0, text: "sem links" }]);
    expect(linkify("(http://a.b/c)")).toEqual([
      { at: 0, text: "(" },
      { at: 1, text: "http://a.b/c", href: "http://a.b/c" },
      { at: 13, text: ")" },
    ]);
  });

  it("needs text or an attachment, and at most 4,000 characters", () => {
    expect(messageInput.safeParse({ texto: "  " }).error?.issues[0]?.message).toBe("message-empty");
    expect(messageInput.safeParse({}).error?.issues[0]?.message).toBe("message-empty");
    expect(messageInput.safeParse({ texto: "x".repeat(4001) }).error?.issues[0]?.message).toBe(
      "chat-message-too-long",
    );
    expect(messageInput.parse({ texto: " oi\u0000 " })).toEqual({ texto: "oi", anexos: [] });
    expect(messageInput.safeParse({ anexos: ["not-a-uuid"] }).error?.issues[0]?.message).toBe(
      "invalid-attachment",
    );
  });
});
