package apocalypse

import "arena.dev/games"

// originals2018 are the board files of Apocalypse Now 2018's kit: its
// default.cnf (its maze11.cnf is the same board) and maze1–20.cnf. The
// course played on its default board, so qualification does; the ladder
// takes them all in turn.
var originals2018 = []games.OriginalBoard{
	{Name: "default", Same: []string{"maze 11"}, Fingerprint: "256c49f2f65d58117de413a43773196e70611b6bfac731f77383efe3846f4e66", Qualification: true, Ladder: true},
	{Name: "maze 1", Fingerprint: "0021c63d2994ddfd24cbf19a82015378d18ce59d350296f0b5ca63c37aaad32f", Ladder: true},
	{Name: "maze 2", Fingerprint: "279692e0a50244afa6f120b36927d300594bda155a7638fa5a3ead2510df366e", Ladder: true},
	{Name: "maze 3", Fingerprint: "9fa04662ebdb87b907ef733f1d2da4fcba803339791cbee8200516b065bdacd5", Ladder: true},
	{Name: "maze 4", Fingerprint: "379b077bebeb3bd21a7af22b51e4d84118de099a9869a24480c66db81d203b90", Ladder: true},
	{Name: "maze 5", Fingerprint: "d58c2888351f1a0ae6b57b9968d4380dbb35849c30a2c51ebfed90573e89708c", Ladder: true},
	{Name: "maze 6", Fingerprint: "32334a88f4c60d3e02339601a03279f903f1a72df15a2639e37b09018f21af00", Ladder: true},
	{Name: "maze 7", Fingerprint: "1789fdd60132e4bab31dd7135b8cc2e31fc12a92d9d2f30572aab5bf1813224c", Ladder: true},
	{Name: "maze 8", Fingerprint: "29b21701f0bcf9ca2028fcbb2aa3cc17d5ed910590f9d46bdeb5697f684a986c", Ladder: true},
	{Name: "maze 9", Fingerprint: "268d2ec17c288a77d7667ecf45741322050cf2595464da7593409819d560e044", Ladder: true},
	{Name: "maze 10", Fingerprint: "f44a75c50a17a5a86d2212c1ea96d482e096096bdcdd91497b45ffb542914b34", Ladder: true},
	{Name: "maze 12", Fingerprint: "bd332d76500abc9978c1af8fe7060f0515a5b57a2352eda2ecda8234f20a1311", Ladder: true},
	{Name: "maze 13", Fingerprint: "ce3790a3e0b8b67c02afb1035438e3899c73dbb0fcff64fdc808f14ff30b93ff", Ladder: true},
	{Name: "maze 14", Fingerprint: "ba62e432f9e7e836abb11175753539f08ec70909843d17d02492b9c8df68ccfa", Ladder: true},
	{Name: "maze 15", Fingerprint: "b83267dd7b1dc53c136abce207d33a470744d7acbd791dab5eb3b143aee6aa2c", Ladder: true},
	{Name: "maze 16", Fingerprint: "2b96160d9a0a741a43443f95d1fd82eb44da6994e62b4774176f772097b72975", Ladder: true},
	{Name: "maze 17", Fingerprint: "b0d04b3ddf1f2d6e4d4ef1771143aa3745dfd8a74ed66d8d3082538e303d22df", Ladder: true},
	{Name: "maze 18", Fingerprint: "09c139dc37adecde9d7f918e81d3b7cf27130a1a627dc69c2c6b3696b0a3bdb6", Ladder: true},
	{Name: "maze 19", Fingerprint: "025863b549d7fac3de1da8ceb05eead178ea7146db0afc95dbe77410a14bb9a9", Ladder: true},
	{Name: "maze 20", Fingerprint: "ef7eabce6debf4af15be8a0a9c404f568b02de3e56b9f0f221ff2ae96dd6d674", Ladder: true},
}

// originalsRedux are Redux's own 21 files (its engine's ApocalypseNow v2
// format): default.cnf (its match14.cnf is the same board) and
// match1–20.cnf. Redux always played board files: qualification plays on
// the default and the ladder on all of them once uploaded; a fresh install
// has none, and Redux then plays boards generated in their shape.
var originalsRedux = []games.OriginalBoard{
	{Name: "default", Same: []string{"match 14"}, Fingerprint: "c1770689d02ab37d2eb495c578c165e4bdae4f9e8ad4d621f4db217348c5c03c", Qualification: true, Ladder: true},
	{Name: "match 1", Fingerprint: "9a9fe1098bc7ef8a3fb87524272bca86e48870aba682b0f0561f8c416bbe7a1f", Ladder: true},
	{Name: "match 2", Fingerprint: "480d18079ef9bea93c8afa5c996d843475d1a92c90b0feca2b91456f36cd47c1", Ladder: true},
	{Name: "match 3", Fingerprint: "c423a0b6677cea9f8a2c442b57d120d1685c8434fa7d1bb370293b96371220cd", Ladder: true},
	{Name: "match 4", Fingerprint: "17c8ddcdebd96f21e5d18b517a176707fe9a6dd98bcd3d0e850998c9d41dc11a", Ladder: true},
	{Name: "match 5", Fingerprint: "cc7805e89ecde04e5be5392329ba4b7b60fb2b4128cb80b2d57d25fb618ced4a", Ladder: true},
	{Name: "match 6", Fingerprint: "7cc3cd9b94012a976bff82fa4e4b471662a9c5270fe56e7afa3f43661044d529", Ladder: true},
	{Name: "match 7", Fingerprint: "070e8cc5b003795b55b3f384a21c7a0a8dc8e934d14104f3e4b71eb411d6876d", Ladder: true},
	{Name: "match 8", Fingerprint: "d528178b4561a97c99c9fdd81282d6a1fb4d9f44a9b76d35a0ba1633bf2281e1", Ladder: true},
	{Name: "match 9", Fingerprint: "2cbda7a1cd84e525c9897c7d559a4775631cb81a73e7b1f95eb45d852b571a40", Ladder: true},
	{Name: "match 10", Fingerprint: "4a8bfaf365bb5c4d316a366d79195ab76bbce15c7d18626a4a4190bfeb8ac912", Ladder: true},
	{Name: "match 11", Fingerprint: "b48ac6cf7ab2954fe739c0abeb8367fa2050143b3348d61fc32130819c8bc00d", Ladder: true},
	{Name: "match 12", Fingerprint: "59e2ea814f12c8a7cf7e04354cab023dc786c2a05661ad5e720e8824fc18dbdf", Ladder: true},
	{Name: "match 13", Fingerprint: "0415b59c803f8640ebac21f7833779c82a2b182a9aefad50d32d9de23ac134c8", Ladder: true},
	{Name: "match 15", Fingerprint: "a1206010fe58e7ca0fb21cf86cd3c375b11183cf47b71a883e39ea4ad3df0da5", Ladder: true},
	{Name: "match 16", Fingerprint: "e26dc35d4f715837f9d0ee8edb2f4fc87cead7e08ea83d89595009f10f654f2b", Ladder: true},
	{Name: "match 17", Fingerprint: "6982e221c7d170a794a4f0a53404b37abf7b5ec80febbf3380d5ce5d193d7e56", Ladder: true},
	{Name: "match 18", Fingerprint: "e975a3477146bb24144999937903a904b52ed2a9e9c2381b0994f01bd631ea84", Ladder: true},
	{Name: "match 19", Fingerprint: "4c310a9332db533cb51b0292ed4f163fcfd7f73f662d4dd7ad2ed513c29b1441", Ladder: true},
	{Name: "match 20", Fingerprint: "de7f27103d5f95218dc214e347562b199eceb0d0de6937bfe9c04972cd4a68e6", Ladder: true},
}
