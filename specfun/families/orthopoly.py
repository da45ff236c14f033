"""Orthogonal polynomials: Chebyshev T U V W (plain and shifted), Hermite H and He,
Laguerre L, Legendre P, and the Gegenbauer and generalized Laguerre polynomials
that their derivatives are written with.

Every polynomial is evaluated from its three-term recurrence (DLMF 18.9.1,
18.9.2) run in *compensated* arithmetic: beside the floating-point sequence
p_k the kernel carries the exact rounding error of every product (Dekker's
TwoProduct) and sum (Knuth's TwoSum) through the same recurrence (the
compensated-Horner/Clenshaw scheme of Graillat, Langlois and Louvet), so the
result is as if the recurrence ran in about twice the working precision.  The
plain recurrence loses up to n^2 ulps near x = +-1 (scipy and torch both do);
the compensated one stays within an ulp of the envelope for n up to 1e4 and
beyond (measured <= 0.5 ulp against the mpmath tables).  Legendre and Laguerre
of degree <= 128 run the monic form of their recurrence (integer or tabulated
double-double coefficients, no division); above that the (k+1)-normalized form
with the division's exact remainder.  Every 64 steps the error terms are folded
back into the sequence so the compensation stays second order for n ~ 1e6.
Chebyshev polynomials of degree > 44 use a doubling scheme for U_m in
double-double arithmetic (O(log n) steps), so n = 1e6 costs about a
microsecond; Hermite, Laguerre and Legendre stay O(n) (about 4-7 ms per element
at n = 1e6; degrees above 2**32 give nan rather than run for minutes).  Values
beyond the float64 range come out as +-inf: the recurrences rescale by 2**-400
when they grow.

Sources: DLMF ch. 18 (recurrences, special values, derivatives 18.9.19-20,
18.9.23); Dekker 1971 and Knuth TAOCP 4.2.2 (error-free transformations).
"""
import math

from specfun._registry import NONDIFF, Arg, NotImplementedGrad, defun, helper

_SPLIT = 134217729.0        # 2**27 + 1: Dekker's splitting constant for float64
_UP = 2.0 ** 400            # rescaling step of the growing recurrences
_DOWN = 2.0 ** -400
_HUGE = 1e150               # above this |x| only n <= 2 can be finite
_CHEB_DOUBLING = 44         # Chebyshev degrees above this use the O(log n) doubling (measured crossover)
_INF = math.inf
_MAX_DEGREE = 4.611686018427388e18   # 2**62: larger degrees give nan (the kernels count in int64)
_MAX_LINEAR = 4294967296.0           # 2**32: above this the O(n) recurrences are not run (nan)


_MONIC_MAX = 128             # degrees up to this use the monic recurrences (tables below)

# beta_k = k^2/(4k^2 - 1), k = 0..128, as double-doubles (computed with mpmath at 300 bits)
_LEG_BETA_HI = (
    0.0, 0.3333333333333333, 0.26666666666666666, 0.2571428571428571, 0.25396825396825395,
    0.25252525252525254, 0.2517482517482518, 0.2512820512820513, 0.25098039215686274, 0.25077399380804954,
    0.2506265664160401, 0.2505175983436853, 0.25043478260869567, 0.25037037037037035, 0.2503192848020434,
    0.25027808676307006, 0.25024437927663734, 0.2502164502164502, 0.2501930501930502, 0.25017325017325015,
    0.2501563477173233, 0.25014180374361883, 0.2501291989664083, 0.25011820330969264, 0.25010855405992183,
    0.2501000400160064, 0.25009248982611915, 0.25008576329331045, 0.2500797448165869, 0.25007433838834375,
    0.2500694637399278, 0.25006505334374185, 0.25006105006105006, 0.2500574052812859, 0.2500540774388925,
    0.25005103082261687, 0.2500482346131584, 0.25004566210045664, 0.25004329004329007, 0.25004109814236397,
    0.25003906860446945, 0.25003718578015766, 0.25003543586109145, 0.2500338066260987, 0.2500322872271729,
    0.2500308680083961, 0.250029540352121, 0.25002829654782116, 0.2500271296798698, 0.2500260335311882,
    0.25002500250025, 0.25002403152936653, 0.2500231160425335, 0.25002225189141075, 0.2500214353082397,
    0.25002066286469954, 0.25001993143586065, 0.25001923816852634, 0.25001858045336306, 0.25001795590030884,
    0.2500173623168276, 0.25001679768863805, 0.25001626016260164, 0.25001574803149607, 0.2500152597204419,
    0.2500147937747796, 0.2500143488492223, 0.25001392369813424, 0.2500135171668018, 0.2500131281835845,
    0.25001275575284454, 0.25001239894856914, 0.2500120569086086, 0.2500117288294628, 0.2500114139615578,
    0.2500111116049602, 0.2500108211054841, 0.25001054185114907, 0.2500102732689542, 0.25001001482193647,
    0.2500097660064846, 0.25000952634988377, 0.25000929540806843, 0.25000907276356377, 0.2500088580235978,
    0.25000865081836743, 0.2500084507994456, 0.25000825763831547, 0.25000807102502015, 0.25000789066691914,
    0.25000771628753976, 0.250007547625517, 0.2500073844336139, 0.2500072264778147, 0.2500070735364853,
    0.25000692539959557, 0.25000678186799774, 0.25000664275275675, 0.25000650787452816, 0.2500063770629799,
    0.2500062501562539, 0.25000612700046565, 0.25000600744923707, 0.25000589136326146, 0.2500057786098976,
    0.25000566906279054, 0.25000556260151746, 0.2500054591112567, 0.25000535848247774, 0.2500052606106517,
    0.2500051653959793, 0.2500050727431366, 0.25000498256103637, 0.250004894762604, 0.25000480926456725,
    0.25000472598725876, 0.25000464485443025, 0.2500045657930783, 0.25000448873327946, 0.2500044136080363,
    0.2500043403531311, 0.25000426890698907, 0.2500041992105484, 0.2500041312071387, 0.2500040648423654,
    0.25000400006400103, 0.25000393682188243, 0.2500038750678137, 0.2500038147554742,
)
# low parts of beta_k
_LEG_BETA_LO = (
    0.0, 1.850371707708594e-17, 3.7007434154171884e-18, 2.5376526277146434e-17, 1.409807015397024e-17,
    -1.6260842279863404e-17, -2.4067771862503392e-17, 4.554761126667309e-18, 3.483052626275001e-18,
    -8.936779764784542e-18, 1.3912569230891685e-17, -1.0228762856277322e-17, -1.9694391045524514e-17,
    1.6118793542705978e-17, 1.5809689303410594e-17, 1.556041169107561e-17, 2.170523997312134e-19,
    -9.32395094273941e-18, -2.181866870788435e-17, 2.3120029029789295e-17, 1.4094763852339385e-17,
    2.4559669858412423e-18, -1.5032477129291524e-17, 2.75849739688189e-17, 1.2871452348020704e-17,
    1.621574245650989e-17, -1.9571634155896674e-17, 1.5158448157832325e-17, 1.9937976486888777e-17,
    -1.246236074326484e-17, -1.9835326613892072e-17, 1.8431493357034866e-17, 2.1689338698415757e-19,
    -1.5538023731550698e-17, -2.5095891428364453e-17, -1.0390635982662468e-17, 9.189382164078567e-18,
    -2.3867260273676883e-17, -2.4069250681051012e-17, -5.986407234539723e-18, -1.5788450576791569e-18,
    1.1873424880343412e-17, -2.395123236682478e-17, 1.7347703920951568e-17, 1.906291503602151e-17,
    1.9445010006553705e-17, 3.6863130086218714e-18, 5.2840835524038295e-18, -8.668534630686924e-18,
    -1.5046915198892443e-17, 2.0724385193147863e-17, -1.6381739332881046e-18, -3.690477830353618e-18,
    1.823690780548043e-17, 6.8728545295323936e-18, 2.312849932695022e-17, -1.4533893059351887e-17,
    1.9761030057391205e-17, 2.4795393452237795e-18, 6.379217264239929e-20, -2.7464507352696767e-17,
    -4.908464356671054e-18, -1.8518159002609522e-17, -2.6365611356452536e-18, 3.469658723115914e-18,
    -1.401000414233473e-17, -8.580125711173582e-18, -1.9428130010427413e-17, 2.530492111547633e-17,
    9.40101153814034e-18, -7.007224253591095e-18, 2.463216138799106e-17, 1.7444449550174875e-17,
    -7.786926679871494e-19, -1.6032668706977904e-17, 1.9316271967177098e-17, 2.0625361302390045e-17,
    -8.915959310135403e-18, -1.6113859556096376e-17, 2.223737180277123e-21, 1.551770765306774e-17,
    7.985161601112612e-18, -1.8450053201569575e-17, 1.4899672455321463e-17, -1.6000539108751106e-17,
    -1.0756858261360042e-17, 1.3557383214881445e-17, -2.5768908981142775e-17, 2.6561122595592323e-17,
    2.6587814283190907e-17, -2.1843626872659836e-17, -1.1355962948495096e-17, 2.009584018580109e-17,
    9.573046054218361e-18, -2.352505512100783e-17, -1.3150817621809938e-17, -1.9205957811449483e-17,
    -4.5783609252510774e-18, 1.805720020267598e-17, -2.693783998733385e-17, 2.220501561789358e-17,
    2.078794183794377e-18, -1.258421724656221e-17, 2.140125919979682e-18, 1.4316931914993755e-17,
    2.9959078421368653e-18, 1.6231049069487107e-17, -2.4090591103177598e-17, 2.7004202943835122e-17,
    -1.835420152971728e-17, -2.279445070290746e-17, -2.412808413702035e-17, 1.9593472611969627e-18,
    7.021087360820863e-19, 1.0870929333324447e-17, -1.959612162975687e-17, 1.5285858692352197e-17,
    -2.395024083074121e-17, 6.668913060209105e-18, -2.6888749824903713e-17, 3.731647729429857e-18,
    -1.437661374459108e-17, 2.2336863003208406e-17, 1.2535989303914227e-17, -1.2411326936588888e-17,
    -6.684537739266971e-18, -2.410031714164336e-18, 1.11082533115638e-18, 1.3552733954377435e-20,
)
# leading coefficient of P_n, (2n)!/(2^n n!^2), n = 0..128, double-double (mpmath, 300 bits)
_LEG_LEAD_HI = (
    1.0, 1.0, 1.5, 2.5, 4.375, 7.875, 14.4375, 26.8125, 50.2734375, 94.9609375, 180.42578125, 344.44921875,
    660.1943359375, 1269.6044921875, 2448.52294921875, 4733.81103515625, 9171.758880615234,
    17804.002532958984, 34618.893814086914, 67415.74058532715, 131460.69414138794, 256661.35522842407,
    501656.2852191925, 981501.427602768, 1922106.962388754, 3767329.6462819576, 7389761.998476148,
    14505829.108119845, 28493592.890949696, 56004648.096004575, 110142474.588809, 216731966.12636608,
    426691058.31128323, 840452084.5525277, 1656184990.1476278, 3265050409.148181, 6439404973.597801,
    12704771974.936201, 25075207845.268818, 49507461643.22305, 97777236745.36554, 193169662838.4051,
    381740047990.18146, 754602420445.7075, 1492054785881.2854, 2950952798742.987, 5837754449687.213,
    11551301357891.719, 22861950604160.69, 45257330787828.31, 89609514959900.06, 177461980606860.9,
    351511230817436.0, 696390174260958.1, 1379884234183750.2, 2734679664109614.5, 5420525762788700.0,
    1.074595458237058e+16, 2.1306634085734772e+16, 4.22521387801859e+16, 8.38000752473687e+16,
    1.6622637876937072e+17, 3.29771686913429e+17, 6.543089026060099e+17, 1.298394228608801e+18,
    2.576813161392851e+18, 5.114583699128235e+18, 1.0152830328120228e+19, 2.0156354327885746e+19,
    4.002058757855575e+19, 7.946945247741785e+19, 1.578196168917735e+20, 3.134472946600501e+20,
    6.226007907631133e+20, 1.2367880573267248e+21, 2.4570856072224267e+21, 4.881841140665612e+21,
    9.700281747036864e+21, 1.9276200907573255e+22, 3.830839927201267e+22, 7.613794355312518e+22,
    1.513359124944834e+23, 3.008262650804975e+23, 5.980281173286998e+23, 1.1889368523082484e+24,
    2.3638862122364e+24, 4.7002853754933066e+24, 9.346544482302782e+24, 1.8586878231852123e+25,
    3.696491513525647e+25, 7.351910899123232e+25, 1.4623031568585768e+26, 2.9087117141860822e+26,
    5.7861469583271525e+26, 1.1510739161778485e+27, 2.2900312648169826e+27, 4.556208037292122e+27,
    9.065444857704943e+27, 1.803838517604555e+28, 3.5894564441221954e+28, 7.143018323803169e+28,
    1.4215313693905316e+29, 2.829126156728215e+29, 5.63078506921635e+29, 1.120742797430562e+30,
    2.230811853933214e+30, 4.4405783130180014e+30, 8.839655894138638e+30, 1.7597463122590807e+31,
    3.5033481629378027e+31, 6.974847706212535e+31, 1.3886858946603335e+32, 2.7649728081183425e+32,
    5.5054768303241335e+32, 1.0962660004241914e+33, 2.1829992530186074e+33, 4.347179546959468e+33,
    8.657203713175693e+33, 1.724104129318888e+34, 3.4337199886434997e+34, 6.838825644048304e+34,
    1.362113206789786e+35, 2.713061551228836e+35, 5.404065691472072e+35, 1.0764550208012918e+36,
    2.1442984014361733e+36, 4.271578561591107e+36, 8.509522646319292e+36, 1.6952564646964214e+37,
)
# low parts
_LEG_LEAD_LO = (
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.4901161193847656e-08, 1.6298145055770874e-08,
    -5.820766091346741e-08, 1.026783138513565e-07, -1.7904676496982574e-07, -2.2066524252295494e-07,
    8.533825166523457e-07, 1.7345009837299585e-06, 1.1748343240469694e-06, -7.597915100632235e-06,
    -1.5010515198810026e-05, 8.539409463992342e-07, 1.446282294637058e-05, -4.908416258331272e-05,
    -0.00023271124655366293, -0.0003011414062257245, -0.00022187288891473145, 0.0015140015740229273,
    -0.0020252162718321642, -0.007759928218227685, -0.013529465687078357, -0.0009574031878667455,
    -0.013689194994830345, 0.08167140991765098, -0.2063239330722917, -0.23932065305400674, 0.2273116878052147,
    -0.8596406190069019, -1.9081008885391104, 1.815599904397431, -8.464137894555916, 0.24050062854229615,
    49.23908854869503, -118.2911836611833, 84.25288165703623, -391.3162500443675, -914.3441978492668,
    -1544.183333965456, 1386.186713720761, 5210.170760102654, -268.02708204965904, 23588.55732315137,
    -40228.098467713025, 114924.18277359709, 182877.74977687956, -347198.9971538314, -104320.50083813255,
    464860.5432062751, 2888257.6364985467, 8256994.452540861, 9576888.62788986, -8379440.215292106,
    -14636571.994255392, -5930362.702864888, -133376427.67981371, 53174969.520370394, -97901958.26409104,
    952260099.5430007, 1749046468.888889, -1818467243.6098762, -690709876.2789842, -13698600798.94624,
    10434969523.98866, -13600809634.107662, 72765629144.43845, 15924264105.288979, 371739503150.52344,
    -371045388117.0605, -271883364570.39316, 382541871836.7576, 1458016439770.8147, 5833769608123.014,
    -5810487445293.342, -9535237198487.787, -23000733709999.348, -210420786498778.62, -171597941247085.8,
    -101832032506880.55, 1677213137535454.0, -4275998668824071.0, -3157842837812741.0, 6097408324980996.0,
    -3482249387685932.5, 4.363277993008358e+16, -2089319559970668.8, 5.547324318351601e+16,
    -3.329589918422982e+17, -3.699806605485988e+17, -6.205912478549222e+17, -3.080685309348675e+18,
    -1.902656254409771e+17, 5.669141114477252e+18, 2.3290073975151956e+19, -3.215510160529121e+19,
    -1.3370786802006735e+20, 2.4195571865779886e+20, -8.504954364833841e+19, -1.9710475384748848e+20,
)
# 1/n!, n = 0..128, double-double (mpmath, 300 bits)
_INV_FACT_HI = (
    1.0, 1.0, 0.5, 0.16666666666666666, 0.041666666666666664, 0.008333333333333333, 0.001388888888888889,
    0.0001984126984126984, 2.48015873015873e-05, 2.7557319223985893e-06, 2.755731922398589e-07,
    2.505210838544172e-08, 2.08767569878681e-09, 1.6059043836821613e-10, 1.1470745597729725e-11,
    7.647163731819816e-13, 4.779477332387385e-14, 2.8114572543455206e-15, 1.5619206968586225e-16,
    8.22063524662433e-18, 4.110317623312165e-19, 1.9572941063391263e-20, 8.896791392450574e-22,
    3.868170170630684e-23, 1.6117375710961184e-24, 6.446950284384474e-26, 2.4795962632247976e-27,
    9.183689863795546e-29, 3.279889237069838e-30, 1.1309962886447716e-31, 3.7699876288159054e-33,
    1.216125041553518e-34, 3.8003907548547434e-36, 1.151633562077195e-37, 3.387157535521162e-39,
    9.67759295863189e-41, 2.6882202662866363e-42, 7.265460179153071e-44, 1.911963205040282e-45,
    4.902469756513544e-47, 1.2256174391283858e-48, 2.9893108271424046e-50, 7.117406731291439e-52,
    1.6552108677421951e-53, 3.7618428812322616e-55, 8.359650847182804e-57, 1.817315401561479e-58,
    3.866628513960594e-60, 8.055476070751236e-62, 1.643974708316579e-63, 3.287949416633158e-65,
    6.446959640457172e-67, 1.2397999308571486e-68, 2.3392451525606576e-70, 4.331935467704922e-72,
    7.876246304918039e-74, 1.4064725544496498e-75, 2.4674957095607893e-77, 4.254302947518602e-79,
    7.2106829618959365e-81, 1.2017804936493226e-82, 1.9701319568021682e-84, 3.1776321883905942e-86,
    5.043860616493007e-88, 7.881032213270323e-90, 1.2124664943492804e-91, 1.8370704459837581e-93,
    2.74189618803546e-95, 4.0322002765227353e-97, 5.843768516699616e-99, 8.34824073814231e-101,
    1.1758085546679308e-102, 1.633067437038793e-104, 2.2370786808750587e-106, 3.023079298479809e-108,
    4.030772397973079e-110, 5.30364789206984e-112, 6.887854405285506e-114, 8.830582570878855e-116,
    1.117795262136564e-117, 1.397244077670705e-119, 1.7249926884823517e-121, 2.103649620100429e-123,
    2.53451761457883e-125, 3.0172828744986073e-127, 3.5497445582336554e-129, 4.127609951434483e-131,
    4.7443792545223946e-133, 5.3913400619572666e-135, 6.057685462873333e-137, 6.730761625414815e-139,
    7.396441346609687e-141, 8.039610159358355e-143, 8.64474210683694e-145, 9.196534156209511e-147,
    9.680562269694223e-149, 1.0083919030931482e-150, 1.039579281539328e-152, 1.0607951852442122e-154,
    1.071510288125467e-156, 1.071510288125467e-158, 1.0609012753717494e-160, 1.0400992895801465e-162,
    1.0098051355147053e-164, 9.709664764564474e-167, 9.24729977577569e-169, 8.723867712995935e-171,
    8.153147395323303e-173, 7.54921055122528e-175, 6.92588123965622e-177, 6.296255672414745e-179,
    5.672302407580852e-181, 5.064555721054332e-183, 4.4819077177471965e-185, 3.9314979980238567e-187,
    3.4186939113250927e-189, 2.9471499235561144e-191, 2.5189315585949697e-193, 2.1346877615211607e-195,
    1.7938552617824882e-197, 1.49487938481874e-199, 1.2354375081146612e-201, 1.0126536951759517e-203,
    8.232956871349201e-206, 6.639481347862259e-208, 5.311585078289807e-210, 4.215543712928419e-212,
    3.319325758211353e-214, 2.5932232486026196e-216,
)
# low parts
_INV_FACT_LO = (
    0.0, 0.0, 0.0, 9.25185853854297e-18, 2.3129646346357427e-18, 1.1564823173178714e-19,
    -5.300543954373577e-20, 1.7209558293420705e-22, 2.1511947866775882e-23, -1.858393274046472e-22,
    2.3767714622250297e-23, -1.448814070935912e-24, -1.20734505911326e-25, 1.2585294588752098e-26,
    2.0655512752830745e-28, 7.03872877733453e-30, 4.399205485834081e-31, 1.6508842730861433e-31,
    1.1910679660273754e-32, 2.2141894119604265e-34, 1.4412973378659527e-36, -1.3643503830087908e-36,
    -7.911402614872376e-38, -8.843177655482344e-40, -3.6846573564509766e-41, -1.9330404233703465e-42,
    -1.2953730964765229e-43, 1.4303150396787322e-45, 1.5117542744029879e-46, 1.0498015412959506e-47,
    2.5870347832750324e-49, 5.586290567888806e-51, 1.7457158024652518e-52, -6.09957445788454e-54,
    5.09056148151085e-56, 3.202295548645562e-57, 5.355061165943334e-59, -4.364097149354446e-61,
    -2.7860822176883126e-62, -1.213019100517928e-63, 6.033927348315605e-68, -1.0407247703033156e-66,
    3.1742075384205573e-68, 4.147105190494824e-70, 2.2597135911236184e-71, -5.0402798850883064e-73,
    1.365069339879366e-74, -1.564355005786389e-76, 8.255818478070949e-78, -4.080880981844294e-80,
    5.332251403646481e-82, 2.8542499223476843e-83, -2.430377210051421e-85, 8.161871936085597e-87,
    -1.0950890458548228e-88, 2.578848742504751e-90, 1.1618077704898094e-91, -4.7567198485936506e-95,
    3.3126660495569664e-96, -4.675660659561278e-97, 6.837470842477656e-99, 8.210968879386911e-101,
    -1.5561627595804251e-102, -3.178797157619149e-104, -4.96687055877992e-106, 1.1469829506112378e-109,
    4.044657877372749e-110, -1.4319581694258744e-111, -8.828314531974743e-114, 1.7807770368828202e-115,
    -5.432421436016583e-117, 6.032587549235756e-119, -5.390621878859027e-121, 1.899197222092165e-123,
    1.5443670455718343e-125, -1.4486341622309593e-126, 2.4674186054893493e-128, 6.576875119144919e-130,
    -3.1278276439570046e-132, -3.9259010254392087e-135, 5.012546479139058e-136, 7.515316859691102e-138,
    -2.304524013296125e-140, 6.708418132842237e-142, -5.681341866875877e-144, 1.8942732010254426e-145,
    6.894409176237522e-148, -5.559248804139035e-150, -6.3173281865216305e-152, -2.855132635774625e-153,
    -3.1723695953051385e-155, -1.1810013897308576e-157, -4.9200848119520367e-160, 2.357788372473345e-162,
    4.872922470168535e-164, -5.70201124347672e-165, -5.939595045288249e-167, -6.560363537606689e-169,
    7.83873635048126e-171, -6.457816448071177e-173, -7.973719913381048e-176, 6.247297902211993e-177,
    5.602496430604708e-180, 7.469526644432046e-181, 2.3054523954172508e-184, -4.375239395619593e-185,
    -7.249774240322259e-187, -4.627565944277032e-189, 1.5340646492591304e-191, 3.096499543510265e-193,
    4.0603458060368334e-195, 2.115310587499116e-197, -5.002124412854082e-200, 1.5227450079522429e-201,
    4.40442320140221e-204, 1.2497059263043286e-205, 1.0773326950899384e-207, 5.673440130345589e-212,
    1.9813934583539388e-212, -1.4809759091651174e-213, 1.582544585616566e-216, -6.933121912314598e-218,
    4.533939108263885e-220, 3.4162315678819516e-222, 3.8705304303116678e-224, 2.2319079906840116e-226,
    -2.5839243208350152e-228, 1.2113471588245279e-230, 9.463649678316624e-233,
)


# --------------------------------------------------------------------------
# argument checks shared by every kernel

@helper
def _degree_status(x, n):
    """0: compute; 1: result is nan; 2: result is 0 (n < 0, as torch)."""
    if x != x or n != n:
        return 1
    if math.floor(n) != n or n > _MAX_DEGREE:  # a degree must be an integer (int64-safe: < 2**62)
        return 1
    if n < 0.0:
        return 2
    return 0


@helper
def _scale_back(r, s):
    """r * 2**(400 s) with overflow to +-inf (s counts the rescalings)."""
    while s > 0 and r != 0.0 and abs(r) < _INF:
        r = r * _UP
        s -= 1
    return r


@helper
def _odd_zero(x, n):
    """p_n(+-0) for odd n of a symmetric family (T, U, P, H, He, C with a > 0): a signed zero.

    Near 0, p_n(x) ~ c x with sign(c) = (-1)^((n-1)/2) (DLMF 18.6.1 / the explicit sums 18.5).
    """
    if math.floor(0.25 * (n - 1.0)) * 4.0 == n - 1.0:
        return x * 0.0 if x == x else x  # n = 1 mod 4: the sign of x
    return -x * 0.0  # n = 3 mod 4: the opposite sign


@helper
def _inf_power(sgn, n):
    """sgn**n * inf for an integer n >= 1 (the sign of a leading term at +-inf)."""
    if sgn < 0.0 and n - 2.0 * math.floor(0.5 * n) == 1.0:
        return -_INF
    return _INF


# --------------------------------------------------------------------------
# double-double building blocks (error-free transformations, Dekker/Knuth)

@helper
def _two_prod(a, b):
    """(p, e) with p = fl(a*b) and p + e = a*b exactly (Dekker's split; |a|,|b| < 2**995)."""
    p = a * b
    c = _SPLIT * a
    ah = c - (c - a)
    al = a - ah
    c = _SPLIT * b
    bh = c - (c - b)
    bl = b - bh
    e = ((ah * bh - p) + ah * bl + al * bh) + al * bl
    return p, e


@helper
def _two_sum(a, b):
    """(s, e) with s = fl(a+b) and s + e = a+b exactly (Knuth)."""
    s = a + b
    bb = s - a
    e = (a - (s - bb)) + (b - bb)
    return s, e


@helper
def _dd_mul(ah, al, bh, bl):
    """Double-double product (relative error ~2**-104)."""
    p, e = _two_prod(ah, bh)
    e += ah * bl + al * bh
    h = p + e
    return h, e - (h - p)


@helper
def _dd_add(ah, al, bh, bl):
    """Double-double sum (accurate to ~2**-104 of the larger operand)."""
    s, e = _two_sum(ah, bh)
    e += al + bl
    h = s + e
    return h, e - (h - s)


# --------------------------------------------------------------------------
# Chebyshev: every kind obeys p_{k+1} = 2y p_k - p_{k-1}, p_0 = 1, and differs only in p_1

@helper
def _cheb_rec(yh, yl, p1h, p1l, n, pre):
    """p_n for y = yh + yl (double-double) by the compensated recurrence, p_0 = pre.

    ``pre`` is 1 or 2**-400 (a pre-scaling for values that would overflow midway);
    p1 = (p1h + p1l) * pre is passed already scaled.
    """
    ty = 2.0 * yh
    tyl = 2.0 * yl
    c = _SPLIT * ty
    th = c - (c - ty)
    tl = ty - th
    a = pre
    b = p1h
    ea = 0.0
    eb = p1l
    k = 1
    m = int(n)
    while k < m:
        # q + pe = 2y*b exactly (2y split once above)
        q = ty * b
        c = _SPLIT * b
        bh = c - (c - b)
        bl = b - bh
        pe = ((th * bh - q) + th * bl + tl * bh) + tl * bl
        # r + se = q - a exactly
        r = q - a
        bb = r - q
        se = (q - (r - bb)) + (-a - bb)
        # the error sequence obeys the same recurrence, driven by the local errors
        # (eb enters last: the error chain is one multiply-add deep per step)
        e = ty * eb + (((pe + se) + tyl * b) - ea)
        a = b
        b = r
        ea = eb
        eb = e
        k += 1
    return b + eb


@helper
def _cheb_doubling(yh, yl, p1h, p1l, n):
    """p_n = U_{n-1} p_1 - U_{n-2} from (U_m, U_{m-1}) doubled in double-double, O(log n).

    With A = U_m, B = U_{m-1} (DLMF 18.9.1 and the product formulas of U):
        U_{2m}   = (A - B)(A + B)
        U_{2m-1} = 2B(A - yB)      (bit 0: m -> 2m)
        U_{2m+1} = 2A(yA - B)      (bit 1: m -> 2m + 1)
    Values are kept below 2**400 by rescaling; s counts the factors 2**400 taken out
    (a doubling squares the scale, so s doubles with it).
    """
    big = int(n) - 1
    bit = 1
    while bit * 2 <= big:
        bit *= 2
    ah = 1.0
    al = 0.0  # U_m, m = 0
    bh = 0.0
    bl = 0.0  # U_{m-1}
    s = 0
    while bit > 0:
        dh, dl = _dd_add(ah, al, -bh, -bl)
        sh, sl = _dd_add(ah, al, bh, bl)
        ch, cl = _dd_mul(dh, dl, sh, sl)  # U_{2m}
        if big & bit:
            # U_{2m+1} = 2A(yA - B); the pair becomes (U_{2m+1}, U_{2m})
            yah, yal = _dd_mul(yh, yl, ah, al)
            wh, wl = _dd_add(yah, yal, -bh, -bl)
            nh, nl = _dd_mul(2.0 * ah, 2.0 * al, wh, wl)
            ah = nh
            al = nl
            bh = ch
            bl = cl
        else:
            # U_{2m-1} = 2B(A - yB); the pair becomes (U_{2m}, U_{2m-1})
            ybh, ybl = _dd_mul(yh, yl, bh, bl)
            wh, wl = _dd_add(ah, al, -ybh, -ybl)
            nh, nl = _dd_mul(2.0 * bh, 2.0 * bl, wh, wl)
            ah = ch
            al = cl
            bh = nh
            bl = nl
        s = 2 * s
        if abs(ah) > _UP or abs(bh) > _UP:
            ah *= _DOWN
            al *= _DOWN
            bh *= _DOWN
            bl *= _DOWN
            s += 1
        bit = bit // 2
    rh, rl = _dd_mul(ah, al, p1h, p1l)
    rh, rl = _dd_add(rh, rl, -bh, -bl)
    return _scale_back(rh + rl, s)


@helper
def _cheb_hyp_log(yh, n):
    """An upper estimate of log|p_n(y)| for |y| > 1: n acosh|y| + log(2n + 2)."""
    return n * math.acosh(abs(yh)) + math.log(2.0 * n + 2.0)


@helper
def _chebyshev(yh, yl, kind, n):
    """Chebyshev polynomial of the given kind (0 T, 1 U, 2 V, 3 W) at y = yh + yl, n >= 0 integral."""
    if n == 0.0:
        return 1.0
    if abs(yh) == _INF:
        # leading coefficient 2^(n-1) or 2^n > 0: the sign is that of y^n
        return _inf_power(yh, n)
    # p_1 as a double-double: T_1 = y, U_1 = 2y, V_1 = 2y - 1, W_1 = 2y + 1
    if kind == 0:
        p1h = yh
        p1l = yl
    elif kind == 1:
        p1h = 2.0 * yh
        p1l = 2.0 * yl
    else:
        p1h, p1l = _two_sum(2.0 * yh, -1.0 if kind == 2 else 1.0)
        p1l += 2.0 * yl
    if n == 1.0:
        return p1h + p1l if p1l != 0.0 else p1h
    if yh == 0.0 and yl == 0.0 and kind < 2 and n - 2.0 * math.floor(0.5 * n) == 1.0:
        return _odd_zero(yh, n)  # odd T_n, U_n at +-0: an exact signed zero
    ay = abs(yh)
    pre = 1.0
    s = 0
    if ay > 1.0:
        # outside [-1, 1] |p_n| grows like e^(n acosh|y|): overflow is decided up front
        lg = _cheb_hyp_log(yh, n)
        if lg > 800.0:
            return _inf_power(yh, n)
        if lg > 600.0 and n <= _CHEB_DOUBLING:
            # run the recurrence on p_k * 2**-400 (exact) and scale back at the end
            pre = _DOWN
            s = 1
    if n > _CHEB_DOUBLING:
        return _cheb_doubling(yh, yl, p1h, p1l, n)
    return _scale_back(_cheb_rec(yh, yl, p1h * pre, p1l * pre, n, pre), s)


@helper
def _chebyshev_plain(x, kind, n):
    st = _degree_status(x, n)
    if st == 1:
        return math.nan
    if st == 2:
        return 0.0
    return _chebyshev(x, 0.0, kind, n)


@helper
def _chebyshev_shifted(x, kind, n):
    st = _degree_status(x, n)
    if st == 1:
        return math.nan
    if st == 2:
        return 0.0
    # y = 2x - 1 kept exactly as a double-double (it is exact as a double only for x in [1/4, 1])
    if abs(x) == _INF:
        return _chebyshev(x, 0.0, kind, n)
    yh, yl = _two_sum(2.0 * x, -1.0)
    return _chebyshev(yh, yl, kind, n)


_N_ARGS = (Arg("x"), Arg("n", lo=0, kind="int"))


def _cheb_doc(title, formula, example_call, example_value, extra=""):
    return rf"""
    {title}.

    {formula}

    ``n`` must be integral (a non-integral ``n`` gives nan); ``n < 0`` gives 0 as in
    torch.special.  Evaluated by a compensated three-term recurrence for ``n <= 44`` and
    by double-double doubling of :math:`U_m` above (O(log n)), accurate to an ulp of
    the polynomial's size on :math:`[-1, 1]` for every degree; values past the float64
    range are ``+-inf``.{extra}

    Examples
    --------
    >>> import specfun
    >>> float(specfun.{example_call})
    {example_value}
    """


# derivative helpers: d/dx C_n^(a)(x) = 2a C_{n-1}^(a+1)(x) (DLMF 18.9.19), U_n = C_n^(1)
def _du(ns, y, n):
    return 2.0 * ns.gegenbauer_polynomial_c(y, n - 1.0, 2.0)


@defun(
    "chebyshev_polynomial_t",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: n * ns.chebyshev_polynomial_u(x, n - 1.0), "n": NONDIFF},
    doc=_cheb_doc("Chebyshev polynomial of the first kind, :math:`T_n(x)`",
                  r":math:`T_n(\cos\theta) = \cos n\theta`; :math:`T_n'(x) = n U_{n-1}(x)`.",
                  "chebyshev_polynomial_t(0.5, 3.0)", "-1.0"),
)
def chebyshev_polynomial_t(x, n):
    return _chebyshev_plain(x, 0, n)


@defun(
    "chebyshev_polynomial_u",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: _du(ns, x, n), "n": NONDIFF},
    doc=_cheb_doc("Chebyshev polynomial of the second kind, :math:`U_n(x)`",
                  r":math:`U_n(\cos\theta) = \sin((n+1)\theta)/\sin\theta`; "
                  r":math:`U_n'(x) = 2 C^{(2)}_{n-1}(x)` (Gegenbauer, stable at :math:`\pm1`).",
                  "chebyshev_polynomial_u(0.5, 3.0)", "-1.0"),
)
def chebyshev_polynomial_u(x, n):
    return _chebyshev_plain(x, 1, n)


@defun(
    "chebyshev_polynomial_v",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: _du(ns, x, n) - _du(ns, x, n - 1.0), "n": NONDIFF},
    doc=_cheb_doc("Chebyshev polynomial of the third kind, :math:`V_n(x)`",
                  r":math:`V_n(\cos\theta) = \cos((n+\frac12)\theta)/\cos(\theta/2)`, "
                  r":math:`V_n = U_n - U_{n-1}`.",
                  "chebyshev_polynomial_v(0.5, 3.0)", "-1.0"),
)
def chebyshev_polynomial_v(x, n):
    return _chebyshev_plain(x, 2, n)


@defun(
    "chebyshev_polynomial_w",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: _du(ns, x, n) + _du(ns, x, n - 1.0), "n": NONDIFF},
    doc=_cheb_doc("Chebyshev polynomial of the fourth kind, :math:`W_n(x)`",
                  r":math:`W_n(\cos\theta) = \sin((n+\frac12)\theta)/\sin(\theta/2)`, "
                  r":math:`W_n = U_n + U_{n-1}`.",
                  "chebyshev_polynomial_w(0.5, 3.0)", "-1.0"),
)
def chebyshev_polynomial_w(x, n):
    return _chebyshev_plain(x, 3, n)


_SHIFT_NOTE = r"""

    The argument :math:`2x - 1` is formed exactly (as a double-double), so the
    shifted polynomial is as accurate as the plain one at every :math:`x`."""


@defun(
    "shifted_chebyshev_polynomial_t",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: 2.0 * n * ns.shifted_chebyshev_polynomial_u(x, n - 1.0), "n": NONDIFF},
    doc=_cheb_doc("Shifted Chebyshev polynomial of the first kind, :math:`T^*_n(x) = T_n(2x - 1)`",
                  r"Orthogonal on :math:`[0, 1]`.", "shifted_chebyshev_polynomial_t(0.25, 2.0)", "-0.5",
                  _SHIFT_NOTE),
)
def shifted_chebyshev_polynomial_t(x, n):
    return _chebyshev_shifted(x, 0, n)


@defun(
    "shifted_chebyshev_polynomial_u",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: 2.0 * _du(ns, 2.0 * x - 1.0, n), "n": NONDIFF},
    doc=_cheb_doc("Shifted Chebyshev polynomial of the second kind, :math:`U^*_n(x) = U_n(2x - 1)`",
                  r"Orthogonal on :math:`[0, 1]`.", "shifted_chebyshev_polynomial_u(0.25, 2.0)", "0.0",
                  _SHIFT_NOTE),
)
def shifted_chebyshev_polynomial_u(x, n):
    return _chebyshev_shifted(x, 1, n)


@defun(
    "shifted_chebyshev_polynomial_v",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: 2.0 * (_du(ns, 2.0 * x - 1.0, n) - _du(ns, 2.0 * x - 1.0, n - 1.0)),
          "n": NONDIFF},
    doc=_cheb_doc("Shifted Chebyshev polynomial of the third kind, :math:`V^*_n(x) = V_n(2x - 1)`",
                  r"Orthogonal on :math:`[0, 1]`.", "shifted_chebyshev_polynomial_v(0.25, 2.0)", "1.0",
                  _SHIFT_NOTE),
)
def shifted_chebyshev_polynomial_v(x, n):
    return _chebyshev_shifted(x, 2, n)


@defun(
    "shifted_chebyshev_polynomial_w",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: 2.0 * (_du(ns, 2.0 * x - 1.0, n) + _du(ns, 2.0 * x - 1.0, n - 1.0)),
          "n": NONDIFF},
    doc=_cheb_doc("Shifted Chebyshev polynomial of the fourth kind, :math:`W^*_n(x) = W_n(2x - 1)`",
                  r"Orthogonal on :math:`[0, 1]`.", "shifted_chebyshev_polynomial_w(0.25, 2.0)", "-1.0",
                  _SHIFT_NOTE),
)
def shifted_chebyshev_polynomial_w(x, n):
    return _chebyshev_shifted(x, 3, n)


# --------------------------------------------------------------------------
# Hermite: p_{k+1} = m (x p_k - k p_{k-1}); m = 2 for H_n (p_1 = 2x), m = 1 for He_n (p_1 = x)

@helper
def _hermite(x, n, m):
    st = _degree_status(x, n)
    if st == 1:
        return math.nan
    if st == 2:
        return 0.0
    if n == 0.0:
        return 1.0
    if n == 1.0:
        return m * x
    if n > _MAX_LINEAR:
        return math.nan  # O(n) recurrence: degrees above 2**32 are not evaluated
    ax = abs(x)
    if ax > _HUGE:
        # p_n = (m x)^n (1 + O(n^2/x^2)): n = 2 is m^2 x^2 to the last bit, n >= 3 overflows
        if n == 2.0:
            return m * m * x * x
        return _inf_power(x, n)
    if ax == 0.0 and n - 2.0 * math.floor(0.5 * n) == 1.0:
        return _odd_zero(x, n)  # odd polynomial at +-0: an exact signed zero
    mx = m * x  # exact (m = 1 or 2): p_{k+1} = (m x) p_k - (m k) p_{k-1}
    c = _SPLIT * mx
    xh = c - (c - mx)
    xl = mx - xh
    a = 1.0
    ah = 1.0
    al = 0.0
    b = mx
    c = _SPLIT * b
    bh = c - (c - b)
    bl = b - bh
    ea = 0.0
    eb = 0.0
    s = 0
    k = 1
    nn = int(n)
    while k < nn:
        fk = m * float(k)
        # q + qe = (m x) b exactly (m x and b split in halves: Dekker)
        q = mx * b
        qe = ((xh * bh - q) + xh * bl + xl * bh) + xl * bl
        # v + ve = (m k) a exactly (m k < 2**26 is its own high half; a's halves are b's from the last step)
        v = fk * a
        ve = (fk * ah - v) + fk * al
        # r + re = q - v exactly
        r = q - v
        bb = r - q
        re = (q - (r - bb)) + (-v - bb)
        # the error sequence: eb enters last (one multiply-add of latency per step)
        e = mx * eb + (((qe - ve) + re) - fk * ea)
        a = b
        ah = bh
        al = bl
        ea = eb
        b = r
        c = _SPLIT * b
        bh = c - (c - b)
        bl = b - bh
        eb = e
        if abs(b) > _UP:
            # rescale by 2**-400 (exact, halves included)
            a *= _DOWN
            ah *= _DOWN
            al *= _DOWN
            b *= _DOWN
            bh *= _DOWN
            bl *= _DOWN
            ea *= _DOWN
            eb *= _DOWN
            s += 1
        if (k & 63) == 0:
            # fold the error terms back in every 64 steps, so that the carried sequence
            # never drifts far from the true one (the compensation stays second order)
            b, eb = _two_sum(b, eb)
            a, ea = _two_sum(a, ea)
            c = _SPLIT * a
            ah = c - (c - a)
            al = a - ah
            c = _SPLIT * b
            bh = c - (c - b)
            bl = b - bh
        k += 1
    return _scale_back(b + eb, s)


_HERMITE_NOTE = r"""

    ``n`` must be integral (a non-integral ``n`` gives nan); ``n < 0`` gives 0 as in
    torch.special.  Compensated recurrence with rescaling (O(n): about 4 ms at n = 1e6;
    degrees above 2**32 give nan),
    accurate to an ulp of the envelope :math:`\sqrt{2^n n!}\,e^{x^2/2}`; values past the
    float64 range are ``+-inf`` (torch gives nan)."""


@defun(
    "hermite_polynomial_h",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: 2.0 * n * ns.hermite_polynomial_h(x, n - 1.0), "n": NONDIFF},
    doc=r"""
    Physicists' Hermite polynomial :math:`H_n(x)`.

    :math:`H_{n+1} = 2x H_n - 2n H_{n-1}`, :math:`H_n' = 2n H_{n-1}` (DLMF 18.9.1, 18.9.25).""" + _HERMITE_NOTE + r"""

    Examples
    --------
    >>> import specfun
    >>> float(specfun.hermite_polynomial_h(1.0, 3.0))
    -4.0
    """,
)
def hermite_polynomial_h(x, n):
    return _hermite(x, n, 2.0)


@defun(
    "hermite_polynomial_he",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: n * ns.hermite_polynomial_he(x, n - 1.0), "n": NONDIFF},
    doc=r"""
    Probabilists' Hermite polynomial :math:`He_n(x) = 2^{-n/2} H_n(x/\sqrt2)`.

    :math:`He_{n+1} = x He_n - n He_{n-1}`, :math:`He_n' = n He_{n-1}` (DLMF 18.9.1).""" + _HERMITE_NOTE + r"""

    Examples
    --------
    >>> import specfun
    >>> float(specfun.hermite_polynomial_he(2.0, 3.0))
    2.0
    """,
)
def hermite_polynomial_he(x, n):
    return _hermite(x, n, 1.0)


# --------------------------------------------------------------------------
# Gegenbauer C_n^(a) (Legendre is a = 1/2) and generalized Laguerre L_n^(a) (Laguerre is a = 0):
# (k+1) p_{k+1} = (u_k) p_k - c_k p_{k-1}, with the division compensated by its exact remainder

@helper
def _rec_div(x, n, alpha, lag, p1h, p1l):
    """Compensated recurrence (k+1) p_{k+1} = u_k p_k - c_k p_{k-1}, p_0 = 1, p_1 = p1h + p1l.

    Gegenbauer (lag = 0): u_k = 2(k+a) x,       c_k = k + 2a - 1   (DLMF 18.9.1, table 18.9.1)
    Laguerre   (lag = 1): u_k = 2k + a + 1 - x, c_k = k + a        (DLMF 18.9.1, table 18.9.1)
    """
    a = 1.0
    b = p1h
    ea = 0.0
    eb = p1l
    s = 0
    k = 1
    nn = int(n)
    while k < nn:
        fk = float(k)
        # the coefficients are formed exactly as double-doubles (a need not be a small dyadic)
        if lag:
            # u = (2k + 1 + a) - x,  c = k + a
            gh, gl = _two_sum(2.0 * fk + 1.0, alpha)
            uh, ul = _two_sum(gh, -x)
            ul += gl
            ck, cl = _two_sum(fk, alpha)
        else:
            # u = 2(k + a) x,  c = (k - 1) + 2a
            gh, gl = _two_sum(fk, alpha)
            uh, ul = _two_prod(2.0 * gh, x)
            ul += 2.0 * gl * x
            ck, cl = _two_sum(fk - 1.0, 2.0 * alpha)
        # q + qe = u b (exact up to the second-order low-part products)
        q, qe = _two_prod(uh, b)
        qe += ul * b
        v, ve = _two_prod(ck, a)
        ve += cl * a
        r, re = _two_sum(q, -v)
        # divide by k + 1: w = r/(k+1) rounded, the remainder r - w (k+1) is exact
        d = fk + 1.0
        w = r / d
        ph, pl = _two_prod(w, d)
        rem = (r - ph) - pl
        inv = 1.0 / d
        e = (uh * inv) * eb + ((((qe - ve) + re) + rem) - ck * ea) * inv
        a = b
        b = w
        ea = eb
        eb = e
        if abs(b) > _UP:
            a *= _DOWN
            b *= _DOWN
            ea *= _DOWN
            eb *= _DOWN
            s += 1
        if (k & 63) == 0:
            # fold the error terms back in every 64 steps (keeps the compensation second order)
            b, eb = _two_sum(b, eb)
            a, ea = _two_sum(a, ea)
        k += 1
    return _scale_back(b + eb, s)


@helper
def _legendre_rec(x, n):
    """P_n(x), n >= 2, by (k+1) P_{k+1} = (2k+1) x P_k - k P_{k-1}, compensated.

    x is split once; the integer coefficients (< 2**26) are their own high halves, so
    every product error costs three flops; the division by k+1 is a multiplication by
    its reciprocal (off the critical path) whose exact remainder goes into the error term.
    """
    c = _SPLIT * x
    xh = c - (c - x)
    xl = x - xh
    a = 1.0
    ah = 1.0
    al = 0.0
    b = x
    bh = xh
    bl = xl
    ea = 0.0
    eb = 0.0
    s = 0
    k = 1
    nn = int(n)
    while k < nn:
        fk = float(k)
        f2 = 2.0 * fk + 1.0
        d = fk + 1.0
        inv = 1.0 / d
        # t + te = x*b exactly
        t = x * b
        te = ((xh * bh - t) + xh * bl + xl * bh) + xl * bl
        # u + ue = (2k+1)(t + te) (to second order)
        c = _SPLIT * t
        th = c - (c - t)
        tl = t - th
        u = f2 * t
        ue = ((f2 * th - u) + f2 * tl) + f2 * te
        # v + ve = k*a exactly
        v = fk * a
        ve = (fk * ah - v) + fk * al
        # r + re = u - v exactly
        r = u - v
        bb = r - u
        re = (u - (r - bb)) + (-v - bb)
        # w ~ r/(k+1); r - w(k+1) = rem exactly (w split, k+1 < 2**26)
        w = r * inv
        c = _SPLIT * w
        wh = c - (c - w)
        wl = w - wh
        p = w * d
        pe = (wh * d - p) + wl * d
        rem = (r - p) - pe
        # the error sequence; eb enters last (the factor (2k+1)x/(k+1) is formed off the chain)
        e = ((f2 * x) * inv) * eb + ((((ue - ve) + re) + rem) - fk * ea) * inv
        a = b
        ah = bh
        al = bl
        ea = eb
        b = w
        bh = wh
        bl = wl
        eb = e
        if abs(b) > _UP:
            a *= _DOWN
            ah *= _DOWN
            al *= _DOWN
            b *= _DOWN
            bh *= _DOWN
            bl *= _DOWN
            ea *= _DOWN
            eb *= _DOWN
            s += 1
        if (k & 63) == 0:
            # fold the error terms back in every 64 steps, so that the carried sequence
            # never drifts far from the true one (the compensation stays second order)
            b, eb = _two_sum(b, eb)
            a, ea = _two_sum(a, ea)
            c = _SPLIT * a
            ah = c - (c - a)
            al = a - ah
            c = _SPLIT * b
            bh = c - (c - b)
            bl = b - bh
        k += 1
    return _scale_back(b + eb, s)


@helper
def _laguerre_rec(x, n, p1h, p1l):
    """L_n(x), n >= 2, by (k+1) L_{k+1} = (2k+1) L_k - x L_k - k L_{k-1}, compensated.

    Same scheme as _legendre_rec; L_1 = 1 - x enters as the double-double p1h + p1l.
    """
    c = _SPLIT * x
    xh = c - (c - x)
    xl = x - xh
    a = 1.0
    ah = 1.0
    al = 0.0
    b = p1h
    c = _SPLIT * b
    bh = c - (c - b)
    bl = b - bh
    ea = 0.0
    eb = p1l
    s = 0
    k = 1
    nn = int(n)
    while k < nn:
        fk = float(k)
        f2 = 2.0 * fk + 1.0
        d = fk + 1.0
        inv = 1.0 / d
        # t + te = x*b, u + ue = (2k+1) b, v + ve = k a, all exact
        t = x * b
        te = ((xh * bh - t) + xh * bl + xl * bh) + xl * bl
        u = f2 * b
        ue = (f2 * bh - u) + f2 * bl
        v = fk * a
        ve = (fk * ah - v) + fk * al
        # r1 + re1 = u - t, r + re = r1 - v, exactly
        r1 = u - t
        bb = r1 - u
        re1 = (u - (r1 - bb)) + (-t - bb)
        r = r1 - v
        bb = r - r1
        re = (r1 - (r - bb)) + (-v - bb)
        w = r * inv
        c = _SPLIT * w
        wh = c - (c - w)
        wl = w - wh
        p = w * d
        pe = (wh * d - p) + wl * d
        rem = (r - p) - pe
        e = ((f2 - x) * inv) * eb + (((((ue - te) - ve) + (re1 + re)) + rem) - fk * ea) * inv
        a = b
        ah = bh
        al = bl
        ea = eb
        b = w
        bh = wh
        bl = wl
        eb = e
        if abs(b) > _UP:
            a *= _DOWN
            ah *= _DOWN
            al *= _DOWN
            b *= _DOWN
            bh *= _DOWN
            bl *= _DOWN
            ea *= _DOWN
            eb *= _DOWN
            s += 1
        if (k & 63) == 0:
            # fold the error terms back in every 64 steps, so that the carried sequence
            # never drifts far from the true one (the compensation stays second order)
            b, eb = _two_sum(b, eb)
            a, ea = _two_sum(a, ea)
            c = _SPLIT * a
            ah = c - (c - a)
            al = a - ah
            c = _SPLIT * b
            bh = c - (c - b)
            bl = b - bh
        k += 1
    return _scale_back(b + eb, s)


@helper
def _legendre_monic(x, n):
    """P_n(x) = c_n R_n for 2 <= n <= 128, R_{k+1} = x R_k - beta_k R_{k-1} (monic form), compensated.

    beta_k = k^2/(4k^2 - 1) and c_n = (2n)!/(2^n n!^2) come from double-double tables; no
    division in the loop, so about half the work of the (k+1)-normalized recurrence.
    """
    c = _SPLIT * x
    xh = c - (c - x)
    xl = x - xh
    a = 1.0
    ah = 1.0
    al = 0.0
    b = x
    bh = xh
    bl = xl
    ea = 0.0
    eb = 0.0
    s = 0
    k = 1
    nn = int(n)
    while k < nn:
        gh = _LEG_BETA_HI[k]
        gl = _LEG_BETA_LO[k]
        c = _SPLIT * gh
        g1 = c - (c - gh)
        g2 = gh - g1
        # q + qe = x*b exactly
        q = x * b
        qe = ((xh * bh - q) + xh * bl + xl * bh) + xl * bl
        # v + ve = beta_k a (exact product of the high part, plus the low part's share)
        v = gh * a
        ve = (((g1 * ah - v) + g1 * al + g2 * ah) + g2 * al) + gl * a
        # r + re = q - v exactly
        r = q - v
        bb = r - q
        re = (q - (r - bb)) + (-v - bb)
        e = x * eb + (((qe - ve) + re) - gh * ea)
        a = b
        ah = bh
        al = bl
        ea = eb
        b = r
        c = _SPLIT * b
        bh = c - (c - b)
        bl = b - bh
        eb = e
        if abs(b) > _UP:
            a *= _DOWN
            ah *= _DOWN
            al *= _DOWN
            b *= _DOWN
            bh *= _DOWN
            bl *= _DOWN
            ea *= _DOWN
            eb *= _DOWN
            s += 1
        k += 1
    b, eb = _two_sum(b, eb)
    rh, rl = _dd_mul(b, eb, _LEG_LEAD_HI[nn], _LEG_LEAD_LO[nn])
    return _scale_back(rh + rl, s)


@helper
def _laguerre_monic(x, n):
    """L_n(x) = (-1)^n R_n / n! for 2 <= n <= 128, R_{k+1} = (x - 2k - 1) R_k - k^2 R_{k-1}, compensated.

    R_0 = 1, R_1 = x - 1 (monic Laguerre, DLMF 18.9.1 rescaled); integer coefficients, no
    division in the loop; 1/n! from a double-double table.
    """
    b, eb = _two_sum(x, -1.0)
    c = _SPLIT * b
    bh = c - (c - b)
    bl = b - bh
    a = 1.0
    ah = 1.0
    al = 0.0
    ea = 0.0
    s = 0
    k = 1
    nn = int(n)
    while k < nn:
        fk = float(k)
        k2 = fk * fk
        # uh + ul = x - (2k + 1) exactly
        uh, ul = _two_sum(x, -(2.0 * fk + 1.0))
        c = _SPLIT * uh
        u1 = c - (c - uh)
        u2 = uh - u1
        # q + qe = (uh + ul) b (exact up to ul*b's rounding)
        q = uh * b
        qe = (((u1 * bh - q) + u1 * bl + u2 * bh) + u2 * bl) + ul * b
        # v + ve = k^2 a exactly (k^2 < 2**26 is its own high half)
        v = k2 * a
        ve = (k2 * ah - v) + k2 * al
        r = q - v
        bb = r - q
        re = (q - (r - bb)) + (-v - bb)
        e = uh * eb + (((qe - ve) + re) - k2 * ea)
        a = b
        ah = bh
        al = bl
        ea = eb
        b = r
        c = _SPLIT * b
        bh = c - (c - b)
        bl = b - bh
        eb = e
        if abs(b) > _UP:
            a *= _DOWN
            ah *= _DOWN
            al *= _DOWN
            b *= _DOWN
            bh *= _DOWN
            bl *= _DOWN
            ea *= _DOWN
            eb *= _DOWN
            s += 1
        k += 1
    b, eb = _two_sum(b, eb)
    rh, rl = _dd_mul(b, eb, _INV_FACT_HI[nn], _INV_FACT_LO[nn])
    if nn - 2 * (nn // 2) == 1:
        rh = -rh
        rl = -rl
    return _scale_back(rh + rl, s)


@helper
def _gegenbauer(x, n, alpha):
    st = _degree_status(x, n)
    if st == 1 or alpha != alpha:
        return math.nan
    if st == 2:
        return 0.0
    if n == 0.0:
        return 1.0
    if n == 1.0:
        return 2.0 * alpha * x
    if x == 0.0 and alpha > 0.0 and n - 2.0 * math.floor(0.5 * n) == 1.0:
        return _odd_zero(x, n)  # odd C_n (P_n) at +-0: an exact signed zero
    ax = abs(x)
    if ax == _INF or ax > _HUGE:
        if n == 2.0:
            # C_2 = 2a(a+1) x^2 - a
            return 2.0 * alpha * (alpha + 1.0) * x * x - alpha
        if alpha > 0.0:
            return _inf_power(x, n)  # leading coefficient > 0 for a > 0
    if n > _MAX_LINEAR:
        return math.nan  # O(n) recurrence: degrees above 2**32 are not evaluated
    if alpha == 0.5:
        if n <= _MONIC_MAX:
            return _legendre_monic(x, n)
        return _legendre_rec(x, n)
    # p_1 = 2a x exactly as a double-double
    p1h, p1l = _two_prod(2.0 * alpha, x)
    return _rec_div(x, n, alpha, 0, p1h, p1l)


@helper
def _laguerre(x, n, alpha):
    st = _degree_status(x, n)
    if st == 1 or alpha != alpha:
        return math.nan
    if st == 2:
        return 0.0
    if n == 0.0:
        return 1.0
    if abs(x) == _INF:
        return _inf_power(-x, n)  # leading term (-x)^n / n!
    # p_1 = (a + 1) - x exactly as a double-double (a + 1 itself may round)
    gh, gl = _two_sum(alpha, 1.0)
    p1h, p1l = _two_sum(gh, -x)
    p1l += gl
    if n == 1.0:
        return p1h + p1l
    if abs(x) > _HUGE:
        # leading term (-x)^n / n!; n = 2: x^2/2 - (a+2) x + (a+1)(a+2)/2
        if n == 2.0:
            return 0.5 * x * x - (alpha + 2.0) * x
        return _inf_power(-x, n)
    if n > _MAX_LINEAR:
        return math.nan  # O(n) recurrence: degrees above 2**32 are not evaluated
    if alpha == 0.0:
        if n <= _MONIC_MAX:
            return _laguerre_monic(x, n)
        return _laguerre_rec(x, n, p1h, p1l)
    return _rec_div(x, n, alpha, 1, p1h, p1l)


@defun(
    "legendre_polynomial_p",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: ns.gegenbauer_polynomial_c(x, n - 1.0, 1.5), "n": NONDIFF},
    doc=r"""
    Legendre polynomial :math:`P_n(x)`.

    :math:`(n+1) P_{n+1} = (2n+1) x P_n - n P_{n-1}`; :math:`P_n = C^{(1/2)}_n` and
    :math:`P_n' = C^{(3/2)}_{n-1}` (DLMF 18.9.19), stable at :math:`x = \pm1`.

    ``n`` must be integral (a non-integral ``n`` gives nan); ``n < 0`` gives 0 as in
    torch.special.  Compensated recurrence (O(n): about 7 ms at n = 1e6; degrees above
    2**32 give nan), accurate to an ulp of :math:`\max(|P_n(x)|, 1)`; values past the
    float64 range are ``+-inf``.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.legendre_polynomial_p(0.5, 2.0))
    -0.125
    """,
)
def legendre_polynomial_p(x, n):
    return _gegenbauer(x, n, 0.5)


@defun(
    "laguerre_polynomial_l",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: -ns.generalized_laguerre_polynomial_l(x, n - 1.0, 1.0), "n": NONDIFF},
    doc=r"""
    Laguerre polynomial :math:`L_n(x)`.

    :math:`(n+1) L_{n+1} = (2n+1-x) L_n - n L_{n-1}`;
    :math:`L_n' = -L^{(1)}_{n-1}` (DLMF 18.9.23).

    ``n`` must be integral (a non-integral ``n`` gives nan); ``n < 0`` gives 0 as in
    torch.special.  Compensated recurrence (O(n): about 7 ms at n = 1e6; degrees above
    2**32 give nan), accurate to an ulp of :math:`\max(|L_n(x)|, e^{x/2})`; values past
    the float64 range are ``+-inf``.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.laguerre_polynomial_l(1.0, 2.0))
    -0.5
    """,
)
def laguerre_polynomial_l(x, n):
    return _laguerre(x, n, 0.0)


@defun(
    "gegenbauer_polynomial_c",
    sigs=("fff->f", "ddd->d"),
    args=(Arg("x"), Arg("n", lo=0, kind="int"), Arg("alpha", lo=-0.5)),
    grad={"x": lambda ns, x, n, alpha, out: 2.0 * alpha * ns.gegenbauer_polynomial_c(x, n - 1.0, alpha + 1.0),
          "n": NONDIFF,
          "alpha": NotImplementedGrad("d/dalpha of a Gegenbauer polynomial is not provided")},
    doc=r"""
    Gegenbauer (ultraspherical) polynomial :math:`C^{(\alpha)}_n(x)`.

    :math:`(n+1) C_{n+1} = 2(n+\alpha) x C_n - (n+2\alpha-1) C_{n-1}`,
    :math:`C_0 = 1`, :math:`C_1 = 2\alpha x`; :math:`\frac{d}{dx} C^{(\alpha)}_n =
    2\alpha C^{(\alpha+1)}_{n-1}` (DLMF 18.9.19).  :math:`C^{(1/2)}_n = P_n` and
    :math:`C^{(1)}_n = U_n`.  Provided for the derivatives of the Chebyshev and
    Legendre polynomials; same conventions for ``n`` as they have.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.gegenbauer_polynomial_c(0.5, 2.0, 1.0))
    0.0
    """,
)
def gegenbauer_polynomial_c(x, n, alpha):
    return _gegenbauer(x, n, alpha)


@defun(
    "generalized_laguerre_polynomial_l",
    sigs=("fff->f", "ddd->d"),
    args=(Arg("x"), Arg("n", lo=0, kind="int"), Arg("alpha", lo=-1.0)),
    grad={"x": lambda ns, x, n, alpha, out: -ns.generalized_laguerre_polynomial_l(x, n - 1.0, alpha + 1.0),
          "n": NONDIFF,
          "alpha": NotImplementedGrad("d/dalpha of a generalized Laguerre polynomial is not provided")},
    doc=r"""
    Generalized (associated) Laguerre polynomial :math:`L^{(\alpha)}_n(x)`.

    :math:`(n+1) L_{n+1} = (2n+\alpha+1-x) L_n - (n+\alpha) L_{n-1}`,
    :math:`L_0 = 1`, :math:`L_1 = \alpha + 1 - x`;
    :math:`\frac{d}{dx} L^{(\alpha)}_n = -L^{(\alpha+1)}_{n-1}` (DLMF 18.9.23).
    Provided for the derivative of :func:`laguerre_polynomial_l`; same conventions
    for ``n``.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.generalized_laguerre_polynomial_l(1.0, 1.0, 1.0))
    1.0
    """,
)
def generalized_laguerre_polynomial_l(x, n, alpha):
    return _laguerre(x, n, alpha)
