/*
 * test_numfmt.c - chartex_format_double against Python's repr(float), a
 * round trip of random doubles, and chartex__number_label.
 */
#include <criterion/criterion.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/base.h"

struct repr_case {
    uint64_t bits;
    const char *repr;
};

/* Generated with Python 3: (bits of the double, repr(float)). */
static const struct repr_case repr_cases[] = {
    {UINT64_C(0x0000000000000000), "0.0"},
    {UINT64_C(0x8000000000000000), "-0.0"},
    {UINT64_C(0x0000000000000001), "5e-324"},
    {UINT64_C(0x8000000000000001), "-5e-324"},
    {UINT64_C(0x0000000000000002), "1e-323"},
    {UINT64_C(0x0010000000000000), "2.2250738585072014e-308"},
    {UINT64_C(0x000fffffffffffff), "2.225073858507201e-308"},
    {UINT64_C(0x7fefffffffffffff), "1.7976931348623157e+308"},
    {UINT64_C(0xffefffffffffffff), "-1.7976931348623157e+308"},
    {UINT64_C(0x4341c37937e08000), "1e+16"},
    {UINT64_C(0x430c6bf526340000), "1000000000000000.0"},
    {UINT64_C(0x4341c37937e07fff), "9999999999999998.0"},
    {UINT64_C(0x3f1a36e2eb1c432d), "0.0001"},
    {UINT64_C(0x3ee4f8b588e368f1), "1e-05"},
    {UINT64_C(0x3e7ad7f29abcaf48), "1e-07"},
    {UINT64_C(0x3e8421f5f40d8376), "1.5e-07"},
    {UINT64_C(0x3fb999999999999a), "0.1"},
    {UINT64_C(0x3fc999999999999a), "0.2"},
    {UINT64_C(0x3fd3333333333333), "0.3"},
    {UINT64_C(0x3fd3333333333334), "0.30000000000000004"},
    {UINT64_C(0x3fd5555555555555), "0.3333333333333333"},
    {UINT64_C(0x3fe5555555555555), "0.6666666666666666"},
    {UINT64_C(0x419d6f34547df3b6), "123456789.123"},
    {UINT64_C(0x4059000000000000), "100.0"},
    {UINT64_C(0x3ff0000000000000), "1.0"},
    {UINT64_C(0xbff0000000000000), "-1.0"},
    {UINT64_C(0x4004000000000000), "2.5"},
    {UINT64_C(0xbfc999999999999a), "-0.2"},
    {UINT64_C(0x430c6bf526340000), "1000000000000000.0"},
    {UINT64_C(0x437b69b4ba630f35), "1.2345678901234568e+17"},
    {UINT64_C(0x437b69b4ba630f35), "1.2345678901234568e+17"},
    {UINT64_C(0x4340000000000000), "9007199254740992.0"},
    {UINT64_C(0x4340000000000000), "9007199254740992.0"},
    {UINT64_C(0x43f0000000000000), "1.8446744073709552e+19"},
    {UINT64_C(0x43e0000000000000), "9.223372036854776e+18"},
    {UINT64_C(0x4480f0cf064dd592), "1e+22"},
    {UINT64_C(0x44b52d02c7e14af6), "1e+23"},
    {UINT64_C(0x444b1ae4d6e2ef50), "1e+21"},
    {UINT64_C(0x54b249ad2594c37d), "1e+100"},
    {UINT64_C(0x2b2bff2ee48e0530), "1e-100"},
    {UINT64_C(0x7e37e43c8800759c), "1e+300"},
    {UINT64_C(0x01a56e1fc2f8f359), "1e-300"},
    {UINT64_C(0x7fe1ccf385ebc8a0), "1e+308"},
    {UINT64_C(0x3f1a36e2eb1c432d), "0.0001"},
    {UINT64_C(0x3f202e4b6ce5dc68), "0.00012345"},
    {UINT64_C(0x3f202e85be180b74), "0.00012345678901234567"},
    {UINT64_C(0x3f50624dd2f1a9fc), "0.001"},
    {UINT64_C(0x40c81cd6e631f8a1), "12345.6789"},
    {UINT64_C(0x400921fb54442d18), "3.141592653589793"},
    {UINT64_C(0x4005bf0a8b145769), "2.718281828459045"},
    {UINT64_C(0x000012688b70e62b), "1e-310"},
    {UINT64_C(0x0000000000000001), "5e-324"},
    {UINT64_C(0x405ec00000000000), "123.0"},
    {UINT64_C(0x3ff8000000000000), "1.5"},
    {UINT64_C(0x3fe0000000000000), "0.5"},
    {UINT64_C(0x3fd0000000000000), "0.25"},
    {UINT64_C(0x40f0000000000000), "65536.0"},
    {UINT64_C(0x41f0000000000000), "4294967296.0"},
    {UINT64_C(0x43118b54f22aeb03), "1234567890123456.8"},
    {UINT64_C(0x4341c37937e08000), "1e+16"},
    {UINT64_C(0x41b1de784a000000), "299792458.0"},
    {UINT64_C(0x44dfe185ca57c517), "6.02214076e+23"},
    {UINT64_C(0x390b860bde023111), "6.62607015e-34"},
    {UINT64_C(0x433fffffffffffff), "9007199254740991.0"},
    {UINT64_C(0xbee9e409301b5a02), "-1.23456789e-05"},
    {UINT64_C(0x3f0a36e2eb1c432d), "5e-05"},
    {UINT64_C(0x3ed4f8b588e368f1), "5e-06"},
    {UINT64_C(0x3f1a36e2eb1c432c), "9.999999999999999e-05"},
    {UINT64_C(0x3eff75104d551d6a), "3.0000000000000004e-05"},
    {UINT64_C(0x3e080d43de9cc603), "7e-10"},
    {UINT64_C(0x7fd5555555555555), "5.992310449541053e+307"},
    {UINT64_C(0x2e84496e7857dd86), "1.3053460867029954e-84"},
    {UINT64_C(0x940eee3cba6f875c), "-4.593900756363754e-212"},
    {UINT64_C(0x33406bc44dc2a627), "7.983430509249571e-62"},
    {UINT64_C(0xb938451ee325faa6), "-4.674232466673235e-33"},
    {UINT64_C(0xc1d8fac168fb90d7), "-1676346787.9307153"},
    {UINT64_C(0xc2354e2bb7740a63), "-91505801076.04057"},
    {UINT64_C(0x887e840043e58844), "-9.242004904000638e-268"},
    {UINT64_C(0xa2da95a83ec33dd6), "-8.72031439815143e-141"},
    {UINT64_C(0xbc38d756d0055979), "-1.3466424375819714e-18"},
    {UINT64_C(0x5aab0a377f90ade7), "5.857245089853537e+128"},
    {UINT64_C(0x86ff0de26a769806), "-5.6058932322064184e-275"},
    {UINT64_C(0x9d9b532aba4e6c36), "-4.633834494019838e-166"},
    {UINT64_C(0x37d72e4af6978770), "1.064411574118151e-39"},
    {UINT64_C(0x8b3890644f3d4e7b), "-1.3087699255072154e-254"},
    {UINT64_C(0x548a84a5b43d4318), "1.8125578230860703e+99"},
    {UINT64_C(0x131db61884f42b4b), "1.346681689596359e-216"},
    {UINT64_C(0xc63d5f77bb3a6a06), "-2.327162535179311e+30"},
    {UINT64_C(0xddfa7fa4ffe9ec11), "-5.1701251164991826e+144"},
    {UINT64_C(0xb070e38434d57084), "-2.333663540648899e-75"},
    {UINT64_C(0xba49c19fc0a9c8be), "-6.501815279748911e-28"},
    {UINT64_C(0xecb736d877f1caf0), "-5.001628063009517e+215"},
    {UINT64_C(0xd4dd79d3b5834f4c), "-6.447115449024754e+100"},
    {UINT64_C(0xa70b967adf354788), "-1.3354542394704874e-120"},
    {UINT64_C(0x88177abd25fbab1b), "-1.1110965234027424e-269"},
    {UINT64_C(0xde11ee00366dadc0), "-1.3992996522070256e+145"},
    {UINT64_C(0xfaaced226972f683), "-8.401153636443164e+282"},
    {UINT64_C(0xc54be01c0ef8e010), "-6.7398649618900644e+25"},
    {UINT64_C(0xa0f09780597538cb), "-5.06868998984818e-150"},
    {UINT64_C(0x7744001a6aa45fe0), "3.224518911819663e+266"},
    {UINT64_C(0xb9ae5c8f1fca7da2), "-7.484702137230195e-31"},
    {UINT64_C(0x2393446abe564059), "2.588700476085742e-137"},
    {UINT64_C(0x53bdf64dc34797c4), "2.499949553685165e+95"},
    {UINT64_C(0x54b1070f63eb18aa), "9.310895901665851e+99"},
    {UINT64_C(0xcb2d34ea58655852), "-1.3987230868249824e+54"},
    {UINT64_C(0x5352d63f337e6853), "2.4557725950682515e+93"},
    {UINT64_C(0x6a1510446d433715), "1.031878447048137e+203"},
    {UINT64_C(0x915405c051032369), "-3.3808103698413506e-225"},
    {UINT64_C(0xe7b0dfa436cc71a5), "-3.007218575433834e+191"},
    {UINT64_C(0x682f860ede282d59), "7.191242335674431e+193"},
    {UINT64_C(0x345986d33aa67f52), "1.6266526608241936e-56"},
    {UINT64_C(0xbffa07750a5d5bfe), "-1.6268206028814798"},
    {UINT64_C(0xc30d0ea339a7ff57), "-1022358566797290.9"},
    {UINT64_C(0xf897181304f8c31c), "-7.808291293778871e+272"},
    {UINT64_C(0x4245dc03dd8ba9d4), "187771108119.32678"},
    {UINT64_C(0x8171a4c3d80dad42), "-1.0291339019190288e-301"},
    {UINT64_C(0xc5bc543b51b8a7af), "-8.767410170959846e+27"},
    {UINT64_C(0x91f68f88f5d93c67), "-3.90081598379482e-222"},
    {UINT64_C(0xb4852afbcdebefa7), "-1.0791173696284748e-55"},
    {UINT64_C(0x9d1a8c836bc9e141), "-1.7586873779833286e-168"},
    {UINT64_C(0x54c4c0c31cae4e65), "2.2695982181941527e+100"},
    {UINT64_C(0xa7193cf4d9f181ea), "-2.4434226281837867e-120"},
    {UINT64_C(0xc7c64d559b509fbe), "-5.92891181510175e+37"},
    {UINT64_C(0x3c6fc1733b08c157), "1.3771824188622271e-17"},
    {UINT64_C(0x76da03a0febdf93a), "3.2766214762112476e+264"},
    {UINT64_C(0x22d7bd7f5d9f3480), "7.78729923227361e-141"},
    {UINT64_C(0x5e684f9633fddcd9), "6.071397767104146e+146"},
    {UINT64_C(0x9871d7697e4ba594), "-6.256810315685157e-191"},
    {UINT64_C(0xa0cb0b17d625c18a), "-1.0326957467701334e-150"},
    {UINT64_C(0x430e07f524329a26), "1056624844624708.8"},
    {UINT64_C(0x9fa71a5963243c73), "-3.3654198689206114e-156"},
    {UINT64_C(0x55e3679f5656a72a), "5.56310308827219e+105"},
    {UINT64_C(0xb56211ccf0a737c3), "-1.509237848895361e-51"},
    {UINT64_C(0xb6770b11ffc9492c), "-2.522692311181771e-46"},
    {UINT64_C(0xdc79e8e87707af4d), "-3.013159023278787e+137"},
    {UINT64_C(0xaf1f7fa62b790602), "-1.0377024531960915e-81"},
    {UINT64_C(0xc48ff480b2122b13), "-1.8862955002187882e+22"},
    {UINT64_C(0x21cb664adc769927), "6.857029439341655e-146"},
    {UINT64_C(0xecad86a154f1b974), "-3.1807537675321595e+215"},
    {UINT64_C(0x94bdca5e34f81895), "-9.061514923858489e-209"},
    {UINT64_C(0x10c1525aafc3434b), "5.712467077089321e-228"},
    {UINT64_C(0xf0edeb0c1915ec28), "-9.512647549987205e+235"},
    {UINT64_C(0x2c7a15bed7f35ceb), "1.9539401955470455e-94"},
    {UINT64_C(0xe65ddc49011ae8e6), "-1.2688032135518973e+185"},
    {UINT64_C(0x7029d03d2691949c), "2.0037910944431919e+232"},
    {UINT64_C(0x3c55de74b42eddd2), "4.7420765793454236e-18"},
    {UINT64_C(0x3a81ea0b59ac4f53), "7.235502174222167e-27"},
    {UINT64_C(0x3215e84814d92cf9), "2.0314719225839168e-67"},
    {UINT64_C(0x48c3fd37cd9201ff), "3.4825980929129125e+42"},
    {UINT64_C(0xb1ee4a0a3d41c6df), "-3.51090488895453e-68"},
    {UINT64_C(0x9a094dea760ee1c3), "-2.977611184107951e-183"},
    {UINT64_C(0x7b675e54437cfbc7), "2.779945189140641e+286"},
    {UINT64_C(0xe129131286111bad), "-1.1016408226190745e+160"},
    {UINT64_C(0xa9f334346f9ed048), "-1.308312670230879e-106"},
    {UINT64_C(0x6a373282f8d5f553), "4.5456367833740966e+203"},
    {UINT64_C(0xd7bd11c533708700), "-4.4741925065505884e+114"},
    {UINT64_C(0x4d26df2f12231373), "4.704458858818139e+63"},
    {UINT64_C(0x4746df204d70bb5e), "2.375121349944225e+35"},
    {UINT64_C(0x9085ab8a22c1a23a), "-4.466565977839332e-229"},
    {UINT64_C(0xbb373251a95ee629), "-1.9187743516462272e-23"},
    {UINT64_C(0x86fe0f194001c9e9), "-5.4262299897932524e-275"},
    {UINT64_C(0x7ec6b10619c1ad85), "4.86282737011383e+302"},
    {UINT64_C(0xe4196f3537fbd485), "-1.5726754496035033e+174"},
    {UINT64_C(0xc8c90052320862d1), "-4.3558328095491836e+42"},
    {UINT64_C(0x2d16130c637b38b5), "1.6932082969961052e-91"},
    {UINT64_C(0xd9a4e1e983e89a8a), "-6.902240523351961e+123"},
    {UINT64_C(0x51e8217b39260d7a), "3.750250260317813e+86"},
    {UINT64_C(0xc0085a145ac7cd4d), "-3.0439841358399122"},
    {UINT64_C(0xe4337c1db3da03ff), "-4.819190387492798e+174"},
    {UINT64_C(0x0bad1375ccbe3f3e), "1.9829353233877937e-252"},
    {UINT64_C(0xe6a2b38494301443), "-2.542832640632858e+186"},
    {UINT64_C(0xad92c7d6ee99c03d), "-3.687833414971349e-89"},
    {UINT64_C(0x608041f78b4e09db), "6.975356717015037e+156"},
    {UINT64_C(0xbdcc489cefa65685), "-5.144764992170608e-11"},
    {UINT64_C(0xf35b15bfb8703835), "-4.7343961899911476e+247"},
    {UINT64_C(0x12c83c23a22845d1), "3.4326910670132934e-218"},
    {UINT64_C(0x3ac3aeaf1e595520), "1.2719426771840465e-25"},
    {UINT64_C(0x848a58c50e46b510), "-8.651298641066806e-287"},
    {UINT64_C(0xf1f8665c201f0631), "-1.0168656673254689e+241"},
    {UINT64_C(0x35d25ae0d45d1139), "1.9623431153108372e-49"},
    {UINT64_C(0xa28e6d2ae81b9fcc), "-3.1189121571775664e-142"},
    {UINT64_C(0xec7ea1c99d6d1f17), "-4.1248868268171187e+214"},
    {UINT64_C(0xf24a8cdc167edfda), "-3.540746773405349e+242"},
    {UINT64_C(0x2c7b76da810f5598), "2.0572612958201146e-94"},
    {UINT64_C(0x7cf0d5123c7b04cc), "6.71892036577166e+293"},
    {UINT64_C(0xcc868b40957cd5f8), "-4.528342213552716e+60"},
    {UINT64_C(0x2a4204a6bb59e523), "3.928096795080271e-105"},
    {UINT64_C(0x1637c1d8297b2a4a), "1.2123785725423196e-201"},
    {UINT64_C(0x9e274b3f2014a4c3), "-2.0225309018374553e-163"},
    {UINT64_C(0xcfb707cc1ab33b34), "-1.041697212295719e+76"},
    {UINT64_C(0x981b88f0f18f97a9), "-1.5087827335864302e-192"},
    {UINT64_C(0x3f847ae147ae147b), "0.01"},
    {UINT64_C(0x3f0dec242b028d23), "5.70725e-05"},
    {UINT64_C(0x3e55798ee2308c3a), "2e-08"},
    {UINT64_C(0x3fd3333333333333), "0.3"},
    {UINT64_C(0x3cef0552c55816cc), "3.444e-15"},
    {UINT64_C(0x3e611f4e6208199c), "3.189275e-08"},
    {UINT64_C(0x3f0a0094f7dfa536), "4.95954e-05"},
    {UINT64_C(0x3ee07f23cb3c1d8f), "7.8662109e-06"},
    {UINT64_C(0x41c805fdba5c1bd2), "806091636.719599"},
    {UINT64_C(0x4141f2774e100608), "2352366.609864"},
    {UINT64_C(0x3e95ee2cd2c1dd96), "3.26788e-07"},
    {UINT64_C(0x3eff909fbb12db65), "3.010267e-05"},
    {UINT64_C(0x420f3ac00e4e5e35), "16766206409.796"},
    {UINT64_C(0x40721c87030ea839), "289.7829619"},
    {UINT64_C(0x4340dc0b855db395), "9491083335264042.0"},
    {UINT64_C(0x3dd56d3a94aeae8e), "7.794979e-11"},
    {UINT64_C(0x4127b9bf90b6beee), "777439.78264424"},
    {UINT64_C(0x3e0eec7bd512b572), "9e-10"},
    {UINT64_C(0x40bbf03536501e26), "7152.20786"},
    {UINT64_C(0x40f3ceaad916872b), "81130.678"},
    {UINT64_C(0x41a65a732def3b64), "187513238.96725"},
    {UINT64_C(0x3e39c511dc3a41df), "6e-09"},
    {UINT64_C(0x40b4c32404ea4a8c), "5315.1407"},
    {UINT64_C(0x3faa59f8f2ec4de2), "0.0514676853692"},
    {UINT64_C(0x422b6024317c1ed5), "58788550846.06022"},
    {UINT64_C(0x3fb95810624dd2f2), "0.099"},
    {UINT64_C(0x3e047612c9ff26fd), "5.955e-10"},
    {UINT64_C(0x40808e872b020c4a), "529.816"},
    {UINT64_C(0x3da2b1131940c8b2), "8.5e-12"},
    {UINT64_C(0x3ea0c6f7a0b5ed8d), "5e-07"},
    {UINT64_C(0x3d2d4bc11f897d98), "5.204e-14"},
    {UINT64_C(0x3d1f56e47c33e48f), "2.7835e-14"},
    {UINT64_C(0x401c45a1cac08312), "7.068"},
    {UINT64_C(0x3e340434e4ed623c), "4.66043877e-09"},
    {UINT64_C(0x3fb480c8e83bbe1c), "0.0800901"},
    {UINT64_C(0x3f826e978d4fdf3b), "0.009"},
    {UINT64_C(0x3dd16cc76200e018), "6.339148e-11"},
    {UINT64_C(0x41c80706fe79c487), "806227452.95131"},
    {UINT64_C(0x3fb2f78dda627b64), "0.074089876"},
    {UINT64_C(0x3f7a031c7a3f225e), "0.00635062336"},
    {UINT64_C(0x405f5a0f7315469c), "125.407192965295"},
    {UINT64_C(0x407ef895a02f3d8e), "495.536529717"},
    {UINT64_C(0x41e8803f0627f5d1), "3288463409.248757"},
    {UINT64_C(0x3f72dd1205eb5ee0), "0.00460536041529"},
    {UINT64_C(0x3f04cc9dbeb45c95), "3.967148208e-05"},
    {UINT64_C(0x3dc224564d375962), "3.3e-11"},
    {UINT64_C(0x3e9d98680fd3bf7e), "4.410049e-07"},
    {UINT64_C(0x4161eed108dc6660), "9401992.276904285"},
    {UINT64_C(0x408c17f45b43f375), "898.9943147"},
    {UINT64_C(0x411353931ca69d63), "316644.777979335"},
    {UINT64_C(0x3e42ac8b8ffe9284), "8.695761e-09"},
    {UINT64_C(0x4187a6284dc8f862), "49595657.72313"},
    {UINT64_C(0x433758a2ceb1c91a), "6571380740049178.0"},
    {UINT64_C(0x419ae66664285879), "112826777.0394"},
    {UINT64_C(0x3cc900190d1d8403), "6.939e-16"},
    {UINT64_C(0x3e4b44f7e50f5d35), "1.2698307435e-08"},
    {UINT64_C(0x3d58c89404f6c2c4), "3.5219484e-13"},
    {UINT64_C(0x3e7356380c1b3350), "7.20351663e-08"},
    {UINT64_C(0x4052358255b035bd), "72.83608"},
    {UINT64_C(0x3fb448df16fc45e1), "0.07923693"},
    {UINT64_C(0x0ffd90e511bf97f2), "1.1902435898818035e-231"},
    {UINT64_C(0x5ff0ae98892fa136), "1.397932832355579e+154"},
    {UINT64_C(0x60ac8092321db734), "4.891551177520733e+157"},
    {UINT64_C(0x150e01c92b023232), "2.9207556444492682e-207"},
    {UINT64_C(0x6891a027cb643ee8), "5.146610321400258e+195"},
    {UINT64_C(0x57f8a91fced9c990), "6.072992207489031e+115"},
    {UINT64_C(0x34d5aa6e217cfdb2), "3.534389233950125e-54"},
    {UINT64_C(0x46155949b36c6935), "4.228561693904781e+29"},
    {UINT64_C(0x4cf49253c5fdd3a0), "5.289163497030993e+62"},
    {UINT64_C(0x11e87271475d3feb), "2.1134866738020005e-222"},
    {UINT64_C(0x15f11c0591c06d24), "5.457066340570585e-203"},
    {UINT64_C(0x1bf079bbe6625a8d), "4.1633386144086555e-174"},
    {UINT64_C(0x59f0e4d318f70ae4), "1.7868444472457557e+125"},
    {UINT64_C(0x1018774d159c4b4c), "3.9397318598375736e-231"},
    {UINT64_C(0x5660b58da04fc4f6), "1.2263203008613383e+108"},
    {UINT64_C(0x205dbbdd624a8ac6), "8.870606427644726e-153"},
    {UINT64_C(0x3cb13c535cf865e0), "2.391926520871912e-16"},
    {UINT64_C(0x5b41b94c27e29d4f), "3.931383508121404e+131"},
    {UINT64_C(0x2c8d809d5c08e5c6), "4.4198621987028427e-94"},
    {UINT64_C(0x719edd294a89267d), "2.0097754494503408e+239"},
    {UINT64_C(0x18022774e98f877b), "4.973798349482097e-193"},
    {UINT64_C(0x51bfb7a6e5bc60c6), "6.161638767714305e+85"},
    {UINT64_C(0x785747987c7aa9e7), "4.91940904587272e+271"},
    {UINT64_C(0x40e08800a1ea9a48), "33856.01976518758"},
    {UINT64_C(0x175935b48943aff4), "3.3725002851055616e-196"},
    {UINT64_C(0x29dddca7708b23b0), "5.0860359347830144e-107"},
    {UINT64_C(0x11bb7d27c28cc9c0), "2.970574145558013e-223"},
    {UINT64_C(0x361d78bef0d18874), "5.0413326217077584e-48"},
    {UINT64_C(0x60e207ad0ca0bd5a), "4.95088775403109e+158"},
    {UINT64_C(0x55d5058b826c8dd4), "3.013321756601663e+105"},
    {UINT64_C(0x78ed9a747ad02115), "3.2029250643341444e+274"},
    {UINT64_C(0x259f3f4c4d7c3489), "1.8031579082183239e-127"},
    {UINT64_C(0x568c9b1ca232a330), "8.397773446291298e+108"},
    {UINT64_C(0x5313c4b73effc29e), "1.6107594001359122e+92"},
    {UINT64_C(0x20241519ff92ab8f), "7.489079519185156e-154"},
    {UINT64_C(0x11c40642a2034730), "4.3278670397321666e-223"},
    {UINT64_C(0x2c46233e42d3f214), "2.0728280093358735e-95"},
    {UINT64_C(0x2c9b3de935138d20), "8.162398517466227e-94"},
    {UINT64_C(0x17f90f50a15adfde), "3.432897292657201e-193"},
    {UINT64_C(0x6752242eef692a06), "5.051806142073587e+189"},
    {UINT64_C(0x648984a4a36bef9c), "2.019651556509793e+176"},
    {UINT64_C(0x06f92c07436e8f2d), "4.544032725106642e-275"},
    {UINT64_C(0x57199ac6d32870b2), "3.8485430263607004e+111"},
    {UINT64_C(0x2e8131c0442b9d90), "1.1063606920857722e-84"},
    {UINT64_C(0x2e2cf2f003677421), "2.910478808637709e-86"},
    {UINT64_C(0x740a8e08c009dd04), "9.506262095869917e+250"},
    {UINT64_C(0x2bcff6a8fdbb15dc), "1.1690846682706778e-97"},
    {UINT64_C(0x00f4f6dd7340b9c1), "4.776668440939211e-304"},
    {UINT64_C(0x1049eabce24b3ffa), "3.3386979216592694e-230"},
    {UINT64_C(0x410db72b57b08bc4), "243429.41781720344"},
    {UINT64_C(0x7fdfb1a968af2cea), "8.902511006501005e+307"},
    {UINT64_C(0x3a0fc8026574c4bf), "5.0142028977247514e-29"},
    {UINT64_C(0x765c4a2d74590b42), "1.3918917090097478e+262"},
    {UINT64_C(0x5077a9161df2c770), "4.3835168019203584e+79"},
    {UINT64_C(0x09071e8ad98b3d71), "3.584995585993953e-265"},
    {UINT64_C(0x4e0efbc5cae68aff), "1.044141440464252e+68"},
    {UINT64_C(0x6e2e6cab97c7384d), "5.498828400943293e+222"},
    {UINT64_C(0x40280364d31e5bdc), "12.006628606277381"},
    {UINT64_C(0x73707812a3fa4484), "1.1515016961156463e+248"},
    {UINT64_C(0x1fc2f6f1ca219a60), "1.105036323285619e-155"},
    {UINT64_C(0x43874212f9a3950a), "2.09490359341982e+17"},
    {UINT64_C(0x43a1b8feee1f8976), "6.385253965221548e+17"},
    {UINT64_C(0xc343a5ce612ff8b6), "-1.1060660739764588e+16"},
    {UINT64_C(0x43a477e18b05109a), "7.374476950944023e+17"},
    {UINT64_C(0xc39f56fb5a02506d), "-5.64567156794334e+17"},
    {UINT64_C(0x43a794b4f2b8bb58), "8.495909569999452e+17"},
    {UINT64_C(0xc394f828a68d9ac8), "-3.777505926970537e+17"},
    {UINT64_C(0xc3a4e7197d2fd4af), "-7.531003129213971e+17"},
    {UINT64_C(0xc3a158763aa3aa28), "-6.249394454106655e+17"},
    {UINT64_C(0xc39a27000ab60b6c), "-4.711187537704292e+17"},
    {UINT64_C(0xc3947eb2948d274e), "-3.6920351972929216e+17"},
    {UINT64_C(0xc3a6e56ee5bfb0b5), "-8.24923385771875e+17"},
    {UINT64_C(0x43aa3e004a5bc171), "9.454746064545855e+17"},
    {UINT64_C(0xc39777141a73161b), "-4.227105722333611e+17"},
    {UINT64_C(0xc3a671204096ed14), "-8.08554601492417e+17"},
    {UINT64_C(0xc38043e5790b1325), "-1.4650407951075856e+17"},
    {UINT64_C(0xc3a0df74e030ba5f), "-6.0790946532617e+17"},
    {UINT64_C(0xc382cfc48c5db662), "-1.694397650010635e+17"},
    {UINT64_C(0x43a66e2c8d32a334), "8.08139150612077e+17"},
    {UINT64_C(0x43a7f7df4eb7c813), "8.635472556518301e+17"},
    {UINT64_C(0x43924f8d80a109fe), "3.298571998599904e+17"},
    {UINT64_C(0x43a4d62bf7b545a7), "7.507179343363982e+17"},
    {UINT64_C(0xc311feec76db5ed8), "-1266341540976566.0"},
    {UINT64_C(0x4397fcb4d32a719a), "4.3211379401165376e+17"},
    {UINT64_C(0xc3986f49639ab41e), "-4.4017666786780966e+17"},
    {UINT64_C(0xc3a972082fbe357b), "-9.167684997204371e+17"},
    {UINT64_C(0x43a59eae5a0b7947), "7.789371114397787e+17"},
    {UINT64_C(0x43a51775d2f9df20), "7.599064741282816e+17"},
    {UINT64_C(0xc384d5c2de4a819c), "-1.876650388483081e+17"},
    {UINT64_C(0x438cee9d9ce6647e), "2.6059712184061536e+17"},
    {UINT64_C(0x7ff8000000000000), "null"},
    {UINT64_C(0x7ff0000000000000), "null"},
    {UINT64_C(0xfff0000000000000), "null"},
    {UINT64_C(0x7ff8000000000001), "null"},  /* another NaN */
    {UINT64_C(0xfff0000000000001), "null"},  /* negative NaN */
};

static double
from_bits(uint64_t b)
{
    double v;

    memcpy(&v, &b, sizeof v);
    return v;
}

static uint64_t
to_bits(double v)
{
    uint64_t b;

    memcpy(&b, &v, sizeof b);
    return b;
}

Test(test_numfmt, python_repr_table)
{
    size_t i;
    char buf[CHARTEX_DOUBLE_BUFSIZE];

    for (i = 0; i < sizeof repr_cases / sizeof repr_cases[0]; i++) {
        size_t n;

        memset(buf, 'x', sizeof buf);
        n = chartex_format_double(from_bits(repr_cases[i].bits), buf);
        cr_assert_str_eq(buf, repr_cases[i].repr, "bits %016llx",
                         (unsigned long long)repr_cases[i].bits);
        cr_assert_eq(n, strlen(repr_cases[i].repr));
    }
}

/* splitmix64: a fixed, portable sequence of 64-bit patterns. */
static uint64_t
next_random(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));

    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* Reads a repr text as sign, significant digits (no leading or trailing
 * zeros) and the power of ten of the last digit: "-0.0120" gives "12"
 * and -3.  Returns the digit count. */
static int
decompose(const char *s, int *negative, char *digits, int *last_pow)
{
    int n = 0, frac = 0, in_frac = 0, first = 0, last;

    *negative = *s == '-';
    if (*negative)
        s++;
    for (; *s && *s != 'e'; s++) {
        if (*s == '.') {
            in_frac = 1;
        } else {
            digits[n++] = *s;
            frac += in_frac;
        }
    }
    *last_pow = (*s == 'e' ? atoi(s + 1) : 0) - frac;
    while (first < n && digits[first] == '0')
        first++;
    last = n;
    while (last > first && digits[last - 1] == '0') {
        last--;
        (*last_pow)++;
    }
    memmove(digits, digits + first, (size_t)(last - first));
    digits[last - first] = '\0';
    return last - first;
}

static int
significant_digits(const char *s)
{
    char digits[40];
    int negative, last_pow;

    return decompose(s, &negative, digits, &last_pow);
}

/* Whether some decimal with one digit less than repr text s reads back to
 * v.  The reading interval of v is convex and holds v and s, so only the
 * two neighbours of s with one digit less can be in it: s cut short, and
 * that plus one unit. */
static int
one_less_round_trips(double v, const char *s)
{
    char digits[40], text[64];
    int negative, last_pow, sig, k;
    unsigned long long cut = 0;

    sig = decompose(s, &negative, digits, &last_pow);
    if (sig <= 1)
        return 0;
    for (k = 0; k < sig - 1; k++)
        cut = cut * 10 + (unsigned long long)(digits[k] - '0');
    for (k = 0; k < 2; k++) {
        snprintf(text, sizeof text, "%s%llue%d", negative ? "-" : "",
                 cut + (unsigned long long)k, last_pow + 1);
        if (to_bits(strtod(text, NULL)) == to_bits(v))
            return 1;
    }
    return 0;
}

static int
round_trips(double v, int significant)
{
    char text[64];

    snprintf(text, sizeof text, "%.*e", significant - 1, v);
    return to_bits(strtod(text, NULL)) == to_bits(v);
}

/* Layout as repr: fixed for decimal exponents -4..15, else d.ddde+XX. */
static void
check_layout(double v, const char *s)
{
    int e = (int)floor(log10(fabs(v)));
    int scientific = strchr(s, 'e') != NULL;

    /* log10 can be off by one next to powers of ten; read the exponent
     * back from %e instead. */
    char text[64];
    snprintf(text, sizeof text, "%.16e", fabs(v));
    e = atoi(strchr(text, 'e') + 1);
    if (scientific) {
        const char *x = strchr(s, 'e');
        cr_assert(e <= -4 || e >= 15, "%s", s);
        cr_assert(x[1] == '+' || x[1] == '-', "%s", s);
        cr_assert(strlen(x + 2) >= 2, "%s", s);
        cr_assert(x[-1] != '0' || x[-2] != '.', "%s", s);
    } else {
        cr_assert(e >= -5 && e <= 16, "%s", s);
        cr_assert(strchr(s, '.') != NULL, "%s", s);
    }
}

Test(test_numfmt, random_bits_round_trip_and_minimal)
{
    uint64_t state = UINT64_C(20240611);
    char buf[CHARTEX_DOUBLE_BUFSIZE];
    long i, tested = 0;

    /* Plain checks in the loop: a Criterion assertion per value would
     * cost more than the values themselves. */
    for (i = 0; i < 1000000; i++) {
        uint64_t b = next_random(&state);
        double v = from_bits(b);
        size_t n;
        int sig, p;

        n = chartex_format_double(v, buf);
        if (n != strlen(buf) || n >= CHARTEX_DOUBLE_BUFSIZE)
            cr_assert_fail("%016llx: length %zu", (unsigned long long)b, n);
        if (!isfinite(v)) {
            if (strcmp(buf, "null") != 0)
                cr_assert_fail("%016llx -> %s", (unsigned long long)b, buf);
            continue;
        }
        if (to_bits(strtod(buf, NULL)) != b)
            cr_assert_fail("%016llx -> %s does not read back",
                           (unsigned long long)b, buf);
        sig = significant_digits(buf);
        if (sig < 1 || sig > 17)
            cr_assert_fail("%s has %d digits", buf, sig);
        /* Minimal: no decimal with one digit less reads back; for a
         * sample, printf's %.{p}e of no shorter length does either. */
        if (one_less_round_trips(v, buf))
            cr_assert_fail("%s is not shortest", buf);
        if (i % 64 == 0) {
            for (p = 1; p < sig; p++) {
                if (round_trips(v, p))
                    cr_assert_fail("%s is not shortest", buf);
            }
            check_layout(v, buf);
        }
        tested++;
    }
    cr_assert_gt(tested, 990000);
}

static double
round15_oracle(double v)
{
    char tmp[40];

    snprintf(tmp, sizeof tmp, "%.15g", v);
    return strtod(tmp, NULL);
}

/* chartex__round15 must equal strtod("%.15g") bit for bit: on random bit
 * patterns, on values of every magnitude with 15 to 17 digits, on bar
 * centres recomputed as x + w / 2, and on the special values. */
Test(test_numfmt, round15_matches_printf_strtod)
{
    static const double special[] = {
        0.0, -0.0, 1.0, -1.0, 0.1, 0.30000000000000004, 0.09999999999999998,
        123456789012345.0, 1234567890123456.0, 12345678901234567.0, 1e15, 1e22,
        1e23, 9.999999999999999e22, 2.2250738585072014e-308, 5e-324,
        4.9406564584124654e-320, 1.7976931348623157e308, 0.1234567890123456,
        1234567.8901234567, 2.675, 0.5000000000000001, 999999999999999.4,
        999999999999999.6, 9.9999999999999995e-5
    };
    uint64_t state = UINT64_C(20261203);
    long i, tested = 0;
    size_t k;
    double v, got, want;

    for (k = 0; k < sizeof special / sizeof special[0]; k++) {
        for (i = 0; i < 2; i++) {
            v = i ? -special[k] : special[k];
            got = chartex__round15(v);
            want = round15_oracle(v);
            cr_assert(to_bits(got) == to_bits(want), "%.17g: %.17g, not %.17g", v, got, want);
        }
    }
    cr_assert(isnan(chartex__round15(NAN)));
    cr_assert(chartex__round15(INFINITY) == INFINITY);
    cr_assert(chartex__round15(-INFINITY) == -INFINITY);
    for (i = 0; i < 600000; i++) {
        uint64_t b = next_random(&state);
        double scale;

        switch (i % 3) {
        case 0:     /* any finite double */
            v = from_bits(b);
            if (!isfinite(v))
                continue;
            break;
        case 1:     /* full-precision values from 1e-30 to 1e30 */
            scale = pow(10.0, (double)((long)(b % 61) - 30));
            v = (double)(b >> 11) / 9007199254740992.0 * scale;
            break;
        default:    /* a histogram's bin centres: edge + width / 2 */
            scale = (double)(b % 1000) / 7.0 - 50.0;
            v = (scale - 0.4) + 0.8 / 2;
            break;
        }
        got = chartex__round15(v);
        want = round15_oracle(v);
        if (to_bits(got) != to_bits(want))
            cr_assert_fail("%.17g: %.17g, not %.17g", v, got, want);
        tested++;
    }
    cr_assert_gt(tested, 590000);
}

/* Doubles near powers of two and ten, where the rounding interval is
 * asymmetric or the digit count changes. */
Test(test_numfmt, boundaries_round_trip)
{
    char buf[CHARTEX_DOUBLE_BUFSIZE];
    int e, k;

    for (e = -1074; e < 1024; e++) {
        double p = ldexp(1.0, e);
        double near[3] = { p, nextafter(p, 0.0), nextafter(p, INFINITY) };

        for (k = 0; k < 3; k++) {
            if (!isfinite(near[k]))
                continue;
            chartex_format_double(near[k], buf);
            cr_assert_eq(to_bits(strtod(buf, NULL)), to_bits(near[k]), "%s", buf);
            if (significant_digits(buf) > 1)
                cr_assert(!round_trips(near[k], significant_digits(buf) - 1), "%s", buf);
        }
    }
    for (e = -323; e <= 308; e++) {
        char text[16];
        double p;

        snprintf(text, sizeof text, "1e%d", e);
        p = strtod(text, NULL);
        chartex_format_double(p, buf);
        /* A power of ten is one digit: "1e-05", "0.0001", "1e+16". */
        cr_assert_eq(significant_digits(buf), 1, "%s", buf);
        cr_assert_eq(to_bits(strtod(buf, NULL)), to_bits(p), "%s", buf);
    }
}

Test(test_numfmt, number_label)
{
    static const struct {
        double v;
        const char *text;
    } cases[] = {
        {3.0, "3"}, {0.0, "0"}, {-0.0, "0"}, {-7.0, "-7"}, {2.5, "2.5"},
        {-0.2, "-0.2"}, {1e20, "1e+20"}, {1e15, "1000000000000000.0"},
        {999999999999999.0, "999999999999999"}, {-999999999999999.0, "-999999999999999"},
        {1e-05, "1e-05"}, {0.1, "0.1"}, {123456.0, "123456"},
    };
    char buf[CHARTEX_DOUBLE_BUFSIZE];
    size_t i;

    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t n = chartex__number_label(cases[i].v, buf);
        cr_assert_str_eq(buf, cases[i].text);
        cr_assert_eq(n, strlen(cases[i].text));
    }
    cr_assert_eq(chartex__number_label(NAN, buf), 3);
    cr_assert_str_eq(buf, "nan");
    chartex__number_label(INFINITY, buf);
    cr_assert_str_eq(buf, "inf");
    chartex__number_label(-INFINITY, buf);
    cr_assert_str_eq(buf, "-inf");
}

/* The digits of the shortest %.{p}e that reads back to v (the oracle of
 * repr: printf rounds correctly, so the first precision that round-trips
 * gives the closest decimal of the shortest length, except next to powers
 * of two, which the caller skips). */
static void
oracle_digits(double v, char *digits)
{
    char text[64];
    int p, negative, last_pow;

    for (p = 1; p <= 17; p++) {
        snprintf(text, sizeof text, "%.*e", p - 1, v);
        if (to_bits(strtod(text, NULL)) == to_bits(v))
            break;
    }
    decompose(text, &negative, digits, &last_pow);
}

/* Short decimals (prices, percentages, 12.5) lose most of Ryu's digits in
 * chunks; full-precision uniform doubles one or two at a time: both paths
 * must give repr's digits and read back. */
Test(test_numfmt, decimals_and_uniform_match_oracle)
{
    uint64_t state = UINT64_C(77);
    char buf[CHARTEX_DOUBLE_BUFSIZE], ours[40], want[40];
    long i;

    for (i = 0; i < 300000; i++) {
        uint64_t r = next_random(&state), b;
        int scale = (int)(r % 12), negative, last_pow;
        double v;

        if (i % 3 == 0) {
            v = (double)(r >> 11) * 0x1p-53;            /* uniform [0, 1) */
        } else {
            /* up to 15 significant digits, 0 to 11 decimal places */
            double m = (double)((r >> 20) % UINT64_C(1000000000000000));
            v = m / pow(10.0, scale) * ((r >> 19) & 1 ? -1.0 : 1.0);
        }
        b = to_bits(v);
        if (v == 0.0 || (b & ((UINT64_C(1) << 52) - 1)) == 0)
            continue;    /* zero and powers of two: covered elsewhere */
        chartex_format_double(v, buf);
        if (to_bits(strtod(buf, NULL)) != b)
            cr_assert_fail("%.17g -> %s does not read back", v, buf);
        decompose(buf, &negative, ours, &last_pow);
        oracle_digits(v, want);
        if (strcmp(ours, want) != 0)
            cr_assert_fail("%.17g -> %s: digits %s, repr's %s", v, buf, ours, want);
    }
}
