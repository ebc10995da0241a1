import autocannon from "autocannon";

/** A fixed mix of searches a visitor would make: places, prices, bedrooms, text, sorts, pages. */
export function searchPaths(): string[] {
  const places = [
    "",
    "uf=SP&cidade=S%C3%A3o%20Paulo",
    "uf=RJ&cidade=Rio%20de%20Janeiro",
    "cidade=Curitiba",
    "uf=SP&cidade=sao%20paulo&bairro=Pinheiros",
    "bairro=Copacabana",
    "uf=MG",
  ];
  const extras = [
    "",
    "precoMin=200000&precoMax=450000",
    "quartos=2",
    "quartos=3&pets=true",
    "tipo=casa",
    "mobiliado=true",
    "q=piscina",
    "q=varanda%20gourmet",
  ];
  const sorts = ["", "sort=preco", "sort=preco_desc"];
  const paths: string[] = [];
  let i = 0;
  for (const place of places)
    for (const extra of extras) {
      const sort = sorts[i++ % sorts.length];
      paths.push(`/api/search?${[place, extra, sort].filter(Boolean).join("&")}`);
    }
  return paths;
}

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** autocannon over the mix: as fast as it goes, or at `rate` requests per second overall. */
export async function loadSearch(
  base: string,
  seconds: number,
  connections: number,
  rate?: number,
): Promise<LoadFigures> {
  const paths = searchPaths();
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
    requests: paths.map((path) => ({ method: "GET", path })),
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
