/*
 * Published monthly variations (%), January to December: IBGE's IPCA and FGV's IGP-M, as the
 * Banco Central's SGS serves them (series 433 and 189). The tests' real years: IPCA 2024
 * accumulates 4.8313 %, IGP-M 2024 6.5362 %, IGP-M 2023 −3.1783 %.
 */
const year = (values: string) => values.split(" ");

export const IPCA_2024 = year("0.42 0.83 0.16 0.38 0.46 0.21 0.38 -0.02 0.44 0.56 0.39 0.52");
export const IGPM_2024 = year("0.07 -0.52 -0.47 0.31 0.89 0.81 0.61 0.29 0.62 1.52 1.30 0.94");
export const IGPM_2023 = year("0.21 -0.06 0.05 -0.95 -1.84 -1.93 -0.72 -0.14 0.37 0.50 0.59 0.74");
