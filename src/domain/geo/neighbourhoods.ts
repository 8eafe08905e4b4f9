/**
 * Neighbourhoods people name in a chat ('a Milano zona Navigli') that the offline gazetteer
 * (GeoNames, src/data/gazetteer) does not list on its own. The gazetteer already has many quarters
 * of the big cities (Trastevere, Testaccio, Brera, San Salvario, Vomero…), as places of population 0
 * or with their own population: place-mention.ts looks there first and here second. Coordinates are
 * the quarter's centre to about half a kilometre, enough for a radius in km and for the public
 * position, which is snapped to a 0.01° grid anyway.
 */
export type Neighbourhood = readonly [
  zone: string,
  comune: string,
  province: string,
  lat: number,
  lng: number,
];

export const NEIGHBOURHOODS: readonly Neighbourhood[] = [
  ["Navigli", "Milano", "MI", 45.4521, 9.176],
  ["Porta Venezia", "Milano", "MI", 45.4746, 9.2053],
  ["Porta Romana", "Milano", "MI", 45.451, 9.203],
  ["Porta Garibaldi", "Milano", "MI", 45.484, 9.187],
  ["Porta Genova", "Milano", "MI", 45.4535, 9.17],
  ["Porta Ticinese", "Milano", "MI", 45.454, 9.181],
  ["Città Studi", "Milano", "MI", 45.478, 9.227],
  ["Isola", "Milano", "MI", 45.488, 9.189],
  ["Bovisa", "Milano", "MI", 45.502, 9.159],
  ["Niguarda", "Milano", "MI", 45.515, 9.195],
  ["Lambrate", "Milano", "MI", 45.484, 9.238],
  ["NoLo", "Milano", "MI", 45.495, 9.218],
  ["CityLife", "Milano", "MI", 45.478, 9.156],
  ["Bicocca", "Milano", "MI", 45.514, 9.211],
  ["Loreto", "Milano", "MI", 45.486, 9.216],
  ["Ostiense", "Roma", "RM", 41.87, 12.483],
  ["Garbatella", "Roma", "RM", 41.862, 12.488],
  ["Centocelle", "Roma", "RM", 41.878, 12.565],
  ["Pigneto", "Roma", "RM", 41.888, 12.53],
  ["Monteverde", "Roma", "RM", 41.875, 12.455],
  ["Parioli", "Roma", "RM", 41.924, 12.496],
  ["San Giovanni", "Roma", "RM", 41.886, 12.508],
  ["Vanchiglia", "Torino", "TO", 45.071, 7.7],
  ["Aurora", "Torino", "TO", 45.085, 7.685],
  ["Bolognina", "Bologna", "BO", 44.51, 11.345],
  ["Santo Spirito", "Firenze", "FI", 43.766, 11.247],
];
